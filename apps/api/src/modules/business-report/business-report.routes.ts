import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataEnvelope, errorEnvelopeSchema as failure } from '@app/contract';
import {
  businessReportParamsSchema,
  businessReportSchema,
  businessReportSharingBodySchema,
  businessReportSharingParamsSchema,
  businessReportSharingSchema,
} from '@app/contract/business-carbon';
import type { BusinessReportService } from './business-report.service.ts';
import { reportCsv } from './report-csv.ts';
import { renderReportPdf } from './report-pdf.ts';

const security = [{ bearerAuth: [] }];
const signedIn = { auth: true } as const;
const errors = { 400: failure, 401: failure, 403: failure, 404: failure, 429: failure };
const tags = ['business emissions report'];

/** "acme-ltd-2026": the business code and year, safe in a file name whatever the code holds. */
const fileName = (businessCode: string, year: number, ext: string) => `emissions-report-${businessCode.toLowerCase().replace(/[^a-z0-9-]+/g, '-')}-${year}.${ext}`;

/**
 * The business emissions report (issue 27 item 2): JSON, CSV and PDF of the same figures, for the
 * owner and members the owner allowed (decision 0050); and each person's own consent to count
 * their footprint in it.
 */
export const businessReportRoutes: FastifyPluginAsyncZod<{ reports: BusinessReportService }> = async (app, { reports }) => {
  app.get(
    '/v1/business-reports/:businessCode/:year',
    {
      config: signedIn,
      schema: {
        tags,
        security,
        summary: "The business's emissions report for a calendar year: GHG Protocol scope 3 categories, members' shared footprints (memo), tonnes retired on valid certificates, net figures and the method (owner, and members with report access)",
        params: businessReportParamsSchema,
        response: { 200: dataEnvelope(businessReportSchema), ...errors },
      },
    },
    async (request) => ({ success: true as const, data: await reports.report(request.user!.id, request.params.businessCode, request.params.year) }),
  );

  app.get(
    '/v1/business-reports/:businessCode/:year/csv',
    {
      config: signedIn,
      schema: {
        tags,
        security,
        summary: 'The emissions report as CSV: inventory lines, category totals, totals and net figures, certificates, method',
        params: businessReportParamsSchema,
        produces: ['text/csv'],
        response: { 200: z.string().describe('The report (text/csv)'), ...errors },
      },
    },
    async (request, reply) => {
      const report = await reports.report(request.user!.id, request.params.businessCode, request.params.year);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName(report.businessCode, report.year, 'csv')}"`)
        .header('cache-control', 'private, no-store')
        .send(reportCsv(report));
    },
  );

  app.get(
    '/v1/business-reports/:businessCode/:year/pdf',
    {
      config: signedIn,
      schema: {
        tags,
        security,
        summary: 'The emissions report as an A4 PDF with charts: summary, inventory, offsets retired, method and sources',
        params: businessReportParamsSchema,
        produces: ['application/pdf'],
        response: { 200: z.string().describe('The PDF document (application/pdf)'), ...errors },
      },
    },
    async (request, reply) => {
      const report = await reports.report(request.user!.id, request.params.businessCode, request.params.year);
      const pdf = await renderReportPdf(report);
      // A Buffer skips the response serialiser.
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${fileName(report.businessCode, report.year, 'pdf')}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf as never);
    },
  );

  app.get(
    '/v1/business-reports/:businessCode/sharing',
    {
      config: signedIn,
      schema: {
        tags,
        security,
        summary: 'Whether you share your footprint saved into this business in its emissions report (the owner and members, each for themselves; off until you turn it on)',
        params: businessReportSharingParamsSchema,
        response: { 200: dataEnvelope(businessReportSharingSchema), ...errors },
      },
    },
    async (request) => ({ success: true as const, data: await reports.sharing(request.user!.id, request.params.businessCode) }),
  );

  app.put(
    '/v1/business-reports/:businessCode/sharing',
    {
      config: signedIn,
      schema: {
        tags,
        security,
        summary: 'Share (or stop sharing) your footprint saved into this business in its emissions report, with your name',
        params: businessReportSharingParamsSchema,
        body: businessReportSharingBodySchema,
        response: { 200: dataEnvelope(businessReportSharingSchema), ...errors },
      },
    },
    async (request) => {
      const data = await reports.setSharing(request.user!.id, request.params.businessCode, request.body.share);
      return { success: true as const, message: data.share ? 'Your footprint counts in the business report' : 'Your footprint no longer counts in the business report', data };
    },
  );
};
