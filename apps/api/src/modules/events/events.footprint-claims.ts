import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { EventFootprint } from '@app/contract/events';
import type { Database } from '../../db/client.ts';
import { businessEventFootprintClaims, businessEventFootprints, businessEvents } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { addMinutes, newLinkToken, tokenHash } from '../auth/auth.context.ts';
import type { MailDispatcher } from '../mail/mail.dispatcher.ts';
import { invitationEmails } from '../mail/mail.invitations.ts';
import type { MailRepository } from '../mail/mail.repository.ts';
import { toFootprint } from './events.view.ts';

/** How long a confirmation link works. */
export const FOOTPRINT_CLAIM_TTL_HOURS = 48;
/** Confirmation mails one address receives per hour at most, whoever asks (a visitor can type anyone's address). */
export const FOOTPRINT_CLAIM_MAILS_PER_HOUR = 3;

type Values = Omit<typeof businessEventFootprints.$inferInsert, 'id' | 'userId' | 'createdAt' | 'updatedAt'>;

export interface ClaimDeps {
  db: Database;
  mail: MailRepository;
  dispatcher: Pick<MailDispatcher, 'kick'>;
  publicUrl: string;
  now?: () => Date;
}

/**
 * Visitors' event footprints wait for their address (issue 23 item 5, decision 0023). A visitor
 * can type anyone's email, so what they send is kept aside and mailed to that address; only
 * following the link moves it into the event's footprints, where it counts. The answer to the
 * visitor is the same whether or not the address already has a record or an account.
 */
export function createFootprintClaims({ db, mail, dispatcher, publicUrl, now = () => new Date() }: ClaimDeps) {
  return {
    /** Keeps (or replaces) the pending record of this address for this event and mails the link. */
    async submit(values: Values, event: { name: string; conferanceCode: string }, businessCode: string): Promise<EventFootprint> {
      const sent = await mail.countRecent(values.email, 'event-footprint-confirm', addMinutes(now(), -60));
      if (sent >= FOOTPRINT_CLAIM_MAILS_PER_HOUR) {
        throw new AppError('RATE_LIMITED', 'We have sent several confirmation emails to this address in the last hour; use the newest one, or try again later');
      }
      const link = newLinkToken();
      const expiresAt = addMinutes(now(), FOOTPRINT_CLAIM_TTL_HOURS * 60);
      const c = businessEventFootprintClaims;
      const claim = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(c)
          .values({ ...values, tokenHash: link.hash, expiresAt })
          .onConflictDoUpdate({ target: [c.eventId, c.email], set: { ...values, tokenHash: link.hash, expiresAt, updatedAt: now() } })
          .returning();
        const url = `${publicUrl}/api/v1/business-event-user-carbon-foot-prints/confirm?tk=${link.token}`;
        const message = invitationEmails.eventFootprintConfirmation({ eventName: event.name, totalTonnes: (values.totalKg / 1000).toFixed(2), url, hours: FOOTPRINT_CLAIM_TTL_HOURS });
        await mail.enqueue(tx as unknown as Database, values.email, message);
        return row!;
      });
      dispatcher.kick();
      return toFootprint({ ...claim, userId: null }, event, businessCode, false);
    },

    /**
     * The emailed link: the pending record becomes the event's record for that address, replacing
     * a visitor's earlier one but never one an account holder recorded signed in (409). One use.
     */
    async confirm(token: string): Promise<{ outcome: 'confirmed' | 'gone' | 'account'; eventName?: string }> {
      const c = businessEventFootprintClaims;
      const f = businessEventFootprints;
      return db.transaction(async (tx) => {
        const [claim] = await tx
          .delete(c)
          .where(and(eq(c.tokenHash, tokenHash(token)), gt(c.expiresAt, now())))
          .returning();
        if (!claim) return { outcome: 'gone' as const };
        const [event] = await tx.select({ name: businessEvents.name }).from(businessEvents).where(eq(businessEvents.id, claim.eventId)).limit(1);
        const { id: _id, tokenHash: _hash, expiresAt: _expires, createdAt: _created, updatedAt: _updated, ...values } = claim;
        const [written] = await tx
          .insert(f)
          .values({ ...values, userId: null })
          .onConflictDoUpdate({ target: [f.eventId, f.email], set: { ...values, updatedAt: now() }, setWhere: isNull(f.userId) })
          .returning({ id: f.id });
        return { outcome: written ? ('confirmed' as const) : ('account' as const), eventName: event?.name };
      });
    },

    /** Drops links nobody followed in time (the sweep runs with the upload sweep, hourly). */
    async dropExpired(): Promise<number> {
      const gone = await db.delete(businessEventFootprintClaims).where(sql`${businessEventFootprintClaims.expiresAt} < ${now()}`).returning({ id: businessEventFootprintClaims.id });
      return gone.length;
    },
  };
}

export type FootprintClaims = ReturnType<typeof createFootprintClaims>;
