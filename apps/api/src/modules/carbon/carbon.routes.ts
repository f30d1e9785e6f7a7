import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  businessRequestSchema,
  businessResultSchema,
  dataEnvelope,
  errorEnvelopeSchema,
  eventRequestSchema,
  eventResultSchema,
  flightsRequestSchema,
  flightsResultSchema,
  householdRequestSchema,
  householdResultSchema,
} from '@app/contract';
import type { CarbonService } from './carbon.service.ts';

/**
 * Footprint calculations (kg CO2e, with the factor-set year). Visitors may call them without a
 * token; they stay under the global rate limit like every other route.
 */
export const carbonRoutes: FastifyPluginAsyncZod<{ carbon: CarbonService }> = async (app, { carbon }) => {
  const responses = <T extends Parameters<typeof dataEnvelope>[0]>(result: T) => ({ 200: dataEnvelope(result), 400: errorEnvelopeSchema, 429: errorEnvelopeSchema });

  app.post(
    '/v1/carbon/household',
    {
      schema: {
        tags: ['carbon'],
        summary: 'Yearly household footprint from the carbon calculator inputs (spec §3)',
        body: householdRequestSchema,
        response: responses(householdResultSchema),
      },
    },
    async (request) => ({ success: true as const, data: carbon.household(request.body) }),
  );

  app.post(
    '/v1/carbon/flights',
    {
      schema: {
        tags: ['carbon'],
        summary: 'Flights by airport codes or distance: DESNZ 2025 factors by haul band and cabin, with or without radiative forcing',
        body: flightsRequestSchema,
        response: responses(flightsResultSchema),
      },
    },
    async (request) => ({ success: true as const, data: carbon.flights(request.body) }),
  );

  app.post(
    '/v1/carbon/event',
    {
      schema: {
        tags: ['carbon'],
        summary: 'Event footprint: attendees\' travel, hotel nights and meals, plus venue and other spend',
        body: eventRequestSchema,
        response: responses(eventResultSchema),
      },
    },
    async (request) => ({ success: true as const, data: carbon.event(request.body) }),
  );

  app.post(
    '/v1/carbon/business',
    {
      schema: {
        tags: ['carbon'],
        summary: 'Business footprint: spend by NAICS category (US EPA USEEIO v1.2, 2021 USD) plus flights, hotels and surface travel',
        body: businessRequestSchema,
        response: responses(businessResultSchema),
      },
    },
    async (request) => ({ success: true as const, data: carbon.business(request.body) }),
  );
};
