// Demo saved quotations: every status, spread over the last 14 months, for the demo agents (list and dashboard).
import { and, asc, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { offerFees } from '@core/offer-detail';
import { proposalValidUntil } from '@core/share';
import { sha256 } from '../../lib/crypto';
import { customers, customerSnapshot, offers, offerVariations, quotations, quotationShares, users as usersTable } from '../schema';
import { prng } from './offers';

/** Agents with sales features; the leader's network (sub1..sub3) gives the leader's dashboard its figures. */
const AGENTS = ['full', 'leader', 'sub1', 'sub2', 'sub3', 'leader2', 'sud1'] as const;
const FIRST = ['Luca', 'Anna', 'Marco', 'Sofia', 'Matteo', 'Giorgia', 'Alessandro', 'Martina', 'Lorenzo', 'Chiara', 'Davide', 'Federica'];
const LAST = ['Ferrari', 'Esposito', 'Colombo', 'Ricci', 'Marino', 'Bruno', 'Gallo', 'Costa', 'Fontana', 'Caruso', 'Mancini', 'Lombardi'];
const COMPANIES = ['Alfa Logistica Srl', 'Borgo Servizi Snc', 'Delta Impianti Spa', 'Studio Verdi Associati'];
const MONTHS_BACK = 14;

const cfOf = (first: string, last: string, n: number) =>
  `${(last.replace(/[aeiou]/gi, '') + 'XXX').slice(0, 3)}${(first.replace(/[aeiou]/gi, '') + 'XXX').slice(0, 3)}${String(70 + (n % 25))}A${String(1 + (n % 28)).padStart(2, '0')}F205${String.fromCharCode(65 + (n % 26))}`.toUpperCase();

export async function seedQuotations(db: Db, users: Map<string, number>, now = new Date()) {
  const rng = prng(20261121);
  const variants = await db
    .select({
      offerId: offers.id,
      ref: offerVariations.ref,
      rate: offerVariations.rate,
      deposit: offerVariations.deposit,
      duration: offerVariations.duration,
      distance: offerVariations.distance,
      bundle: offerVariations.bundle,
      type: offers.customerType,
      profit: offers.potentialProfit,
    })
    .from(offerVariations)
    .innerJoin(offers, eq(offers.id, offerVariations.offerId))
    .where(and(isNull(offers.ownerUserId), isNull(offers.ownerGroup), isNull(offers.deletedAt)))
    .orderBy(asc(offerVariations.id))
    .limit(60);
  if (variants.length === 0) return 0;

  let n = 0;
  let total = 0;
  for (const key of AGENTS) {
    const ownerId = users.get(key);
    if (!ownerId) continue;
    // Dates first (oldest to newest), so each customer is created with its first quotation.
    const dates: Date[] = [];
    for (let back = MONTHS_BACK - 1; back >= 0; back--) {
      const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
      const lastDay = back === 0 ? now.getUTCDate() : new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
      const k = rng.int(2, 5);
      for (let i = 0; i < k; i++) {
        const d = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), rng.int(1, lastDay), rng.int(7, 17), rng.int(0, 59)));
        if (d < now) dates.push(d);
      }
    }
    // Something today, so the 'Oggi' period is not empty in the demo.
    dates.push(new Date(now.getTime() - 20 * 60_000));
    dates.sort((a, b) => a.getTime() - b.getTime());

    const [agent] = await db.select({ feeType: usersTable.feeType, feeValue: usersTable.feeValue }).from(usersTable).where(eq(usersTable.id, ownerId));
    const custRows: (typeof customers.$inferSelect)[] = [];
    const custCount = 8;
    for (let i = 0; i < custCount; i++) {
      const v = variants[(n + i) % variants.length]!;
      const first = FIRST[(n + i * 5) % FIRST.length]!;
      const last = LAST[(n + i * 7) % LAST.length]!;
      const business = v.type === 'piva';
      const vat = String(10_000_000_000 + (n + i) * 7_919).slice(0, 11);
      const createdAt = dates[Math.min(dates.length - 1, Math.floor((i * dates.length) / custCount))]!;
      const [row] = await db
        .insert(customers)
        .values({
          ownerId,
          firstName: first,
          lastName: last,
          email: `${first}.${last}.${n + i}@esempio.it`.toLowerCase(),
          phone: `+39 33${(n + i) % 10} 55${String(10_000 + n + i).slice(-5)}`,
          fiscalCode: business ? vat : cfOf(first, last, n + i),
          zipCode: '20121',
          address: `Via Milano ${1 + i}`,
          city: 'Milano',
          employeeCategory: business ? 'societa-capitale' : i % 3 === 0 ? 'pensionato' : 'tempo-indeterminato',
          employeeType: business ? 'BUSINESS' : 'PRIVATE',
          employeeSecondaryType: business ? 'BUSINESS' : 'PRIVATE',
          vatNumber: business ? vat : '',
          businessName: business ? COMPANIES[(n + i) % COMPANIES.length]! : '',
          createdAt,
          updatedAt: createdAt,
        })
        .returning();
      custRows.push(row!);
    }

    const values = dates.map((createdAt, i) => {
      const ci = Math.min(custCount - 1, Math.floor((i * custCount) / dates.length));
      const v = variants[(n + ci) % variants.length]!;
      const ageDays = (now.getTime() - createdAt.getTime()) / 86_400_000;
      const roll = rng.next();
      const status = ageDays < 30 ? (roll < 0.6 ? 'OPEN' : roll < 0.8 ? 'WON' : 'LOST') : roll < 0.15 ? 'OPEN' : roll < 0.6 ? 'WON' : 'LOST';
      const answered = rng.chance(0.85);
      const chance = rng.int(0, 2);
      // The agent's commission (docs/pricing.md), as the wizard saves it for an unchanged configuration.
      const commission = offerFees(v.profit, v.rate, agent ?? { feeType: 'FLAT_PERCENTAGE', feeValue: 0 }).defaultFeeValue;
      const c = custRows[ci]!;
      return {
        ownerId,
        customerId: c.id,
        customer: customerSnapshot(c),
        offerId: v.offerId,
        offerRef: v.ref,
        status: status as 'OPEN' | 'WON' | 'LOST',
        kind: 'proposal' as const,
        price: v.rate,
        basePrice: v.rate,
        deposit: v.deposit,
        duration: v.duration,
        distance: v.distance,
        bundle: v.bundle,
        commission,
        originalCommission: commission,
        consent: true,
        sustainability: answered
          ? {
              step: 'end',
              answers: {
                trial_period_ended: true,
                net_monthly_income: 1800 + rng.int(0, 30) * 100,
                other_loans: 0,
                guarantor: false,
                bad_payer: false,
                over_72: false,
              },
              response: { chance, description: null },
            }
          : null,
        createdAt,
        updatedAt: createdAt,
      };
    });
    const rows = await db.insert(quotations).values(values).returning({ id: quotations.id, status: quotations.status, s: quotations.sustainability });
    // Quotations past the credit check (and every closed one) have their code, as the wizard issues it.
    const coded = rows.filter((r) => r.s !== null && (r.status !== 'OPEN' || r.id % 3 !== 0)).map((r) => r.id);
    if (coded.length)
      await db
        .update(quotations)
        .set({ code: sql`(10000000 + ${quotations.id})::text` })
        .where(inArray(quotations.id, coded));
    n += custCount;
    total += rows.length;
  }
  return total;
}

/**
 * The customer's link of an old quotation of the full demo agent, expired with the proposal (docs/adr/0112-demo-data.md):
 * its token is published here, which is harmless since it no longer opens anything; /p/{token} shows
 * the neutral page (e2e/share.spec.ts). Real links' tokens are made on the agent's device.
 */
export const DEMO_EXPIRED_SHARE_TOKEN = 'demo-link-scaduto-del-cliente-0000000000000';

export async function seedShares(db: Db, users: Map<string, number>, now = new Date()) {
  const ownerId = users.get('full');
  if (!ownerId) return;
  const [old] = await db
    .select({ id: quotations.id, createdAt: quotations.createdAt })
    .from(quotations)
    .where(and(eq(quotations.ownerId, ownerId), isNotNull(quotations.code), lt(quotations.createdAt, new Date(now.getTime() - 45 * 86_400_000))))
    .orderBy(sql`${quotations.createdAt} desc`)
    .limit(1);
  if (!old) return;
  const sent = new Date(old.createdAt.getTime() + 86_400_000);
  await db.insert(quotationShares).values({
    quotationId: old.id,
    tokenHash: sha256(DEMO_EXPIRED_SHARE_TOKEN),
    createdBy: ownerId,
    createdAt: sent,
    expiresAt: proposalValidUntil(old.createdAt),
    firstOpenedAt: new Date(sent.getTime() + 3 * 3600_000),
    lastOpenedAt: new Date(sent.getTime() + 3 * 3600_000),
    openCount: 1,
  });
}

/**
 * Bulk quotations for benchmarks (`npm run seed -- --quotations N`): tops the demo quotations up to
 * `total`, spread evenly over the demo agents and the last 14 months, one customer per 5 quotations.
 * Generated by the database (insert … select from generate_series), so 100,000 rows take seconds.
 */
export async function seedBulkQuotations(db: Db, users: Map<string, number>, total: number, now = new Date()) {
  const existing = Number(((await db.execute(sql`select count(*)::int as n from ${quotations}`)) as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
  const extra = total - existing;
  const owners = AGENTS.map((k) => users.get(k)).filter((id): id is number => id !== undefined);
  if (extra <= 0 || owners.length === 0) return 0;
  const k = owners.length;
  // A multiple of the agent count, so customer j and quotation i (j = i mod customers) share their owner.
  const custCount = Math.max(k, Math.ceil(extra / 5 / k) * k);
  const ownerArr = sql.raw(`(array[${owners.join(',')}]::int[])`);
  const first = sql.raw(`(array[${FIRST.map((x) => `'${x}'`).join(',')}])`);
  const last = sql.raw(`(array[${LAST.map((x) => `'${x}'`).join(',')}])`);
  // Plain integers written into the SQL text (parameters would need casts).
  const K = sql.raw(String(k));
  const span = sql.raw(String(MONTHS_BACK * 30 * 86_400));
  const custs = sql.raw(String(custCount));
  const nowText = now.toISOString();
  await db.execute(sql`
    insert into ${customers} (owner_id, first_name, last_name, email, phone, fiscal_code, zip_code, address, city, employee_category, employee_type, employee_secondary_type, created_at, updated_at)
    select ${ownerArr}[1 + i % ${K}], ${first}[1 + i % 12], ${last}[1 + (i / 12) % 12],
           'cliente.' || i || '@esempio.it', '+39 333 ' || lpad((i % 10000000)::text, 7, '0'),
           'BLK' || lpad(i::text, 13, '0'), '20121', 'Via Milano ' || (1 + i % 200), 'Milano',
           case when i % 3 = 0 then 'pensionato' else 'tempo-indeterminato' end, 'PRIVATE', 'PRIVATE',
           ${nowText}::timestamptz - make_interval(secs => ${span} - (i::bigint * 7919) % ${span}) - interval '1 hour',
           ${nowText}::timestamptz - make_interval(secs => ${span} - (i::bigint * 7919) % ${span}) - interval '1 hour'
    from generate_series(0, ${sql.raw(String(custCount - 1))}) as i`);
  const before = Number(
    ((await db.execute(sql`select coalesce(max(id), 0)::int as n from ${quotations}`)) as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0,
  );
  await db.execute(sql`
    with v as (
      select row_number() over (order by ov.id) - 1 as rn, o.id as offer_id, ov.ref, ov.rate, ov.deposit, ov.duration, ov.distance, ov.bundle,
             o.potential_profit as profit
      from ${offerVariations} ov join ${offers} o on o.id = ov.offer_id
      where o.owner_user_id is null and o.owner_group is null and o.deleted_at is null and o.customer_type = 'privati'
      order by ov.id limit 500
    ), nv as (select count(*)::int as n from v),
    g as (
      select i, ${ownerArr}[1 + i % ${K}] as owner_id,
             ${nowText}::timestamptz - make_interval(secs => (i::bigint * 104729) % ${span}) as created_at,
             (i * 37) % 100 as roll
      from generate_series(0, ${sql.raw(String(extra - 1))}) as i
    )
    insert into ${quotations} (owner_id, customer_id, customer, offer_id, offer_ref, status, kind, price, base_price, deposit, duration, distance, bundle, commission, original_commission, consent, sustainability, created_at, updated_at)
    select g.owner_id, c.id, ${CUSTOMER_SNAPSHOT_SQL}, v.offer_id, v.ref,
           case when g.created_at > ${nowText}::timestamptz - interval '30 days'
                then case when g.roll < 60 then 'OPEN' when g.roll < 80 then 'WON' else 'LOST' end
                else case when g.roll < 15 then 'OPEN' when g.roll < 60 then 'WON' else 'LOST' end end,
           'proposal', v.rate, v.rate, v.deposit, v.duration, v.distance, v.bundle, a.commission, a.commission, true,
           case when g.i % 7 = 0 then null else jsonb_build_object('step', 'end', 'answers', jsonb_build_object('trial_period_ended', true, 'net_monthly_income', 1800 + (g.i % 30) * 100, 'other_loans', 0, 'guarantor', false, 'bad_payer', false, 'over_72', false), 'response', jsonb_build_object('chance', g.i % 3, 'description', null)) end,
           g.created_at, g.created_at
    from g cross join nv
    join v on v.rn = g.i % nv.n
    join ${usersTable} u on u.id = g.owner_id
    -- The agent's default commission (core/offer-detail.ts offerFees): a fixed amount, or their share of the profit.
    cross join lateral (select case when u.fee_type = 'FIXED_VALUE' then round(u.fee_value) else round(v.profit * least(greatest(u.fee_value, 0), 100) / 100) end as commission) a
    join ${customers} c on c.owner_id = g.owner_id and c.fiscal_code = 'BLK' || lpad((g.i % ${custs})::text, 13, '0')`);
  await db.execute(
    sql`update ${quotations} set code = (10000000 + id)::text where id > ${before} and sustainability is not null and (status <> 'OPEN' or id % 3 <> 0)`,
  );
  return extra;
}

/** The same snapshot built by the database from the customer row aliased `c`. */
const CUSTOMER_SNAPSHOT_SQL = sql.raw(`jsonb_build_object('id', c.id, 'first_name', c.first_name, 'last_name', c.last_name, 'email', c.email, 'phone', c.phone,
  'fiscal_code', c.fiscal_code, 'zip_code', c.zip_code, 'address', c.address, 'city', c.city, 'employee_category', c.employee_category,
  'employee_type', c.employee_type, 'employee_secondary_type', c.employee_secondary_type, 'vat_number', c.vat_number, 'business_name', c.business_name, 'notes', c.notes)`);
