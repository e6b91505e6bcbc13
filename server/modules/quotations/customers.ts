// The customers of quotations: the search by fiscal code or VAT number, and the record a quotation saves.
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { categoryInfo } from '@core/categories';
import { ContractualCategorySchema } from '@core/schemas/common';
import { PROPOSAL_ERRORS } from '@core/quotation';
import { ProposalCustomerSchema } from '@core/schemas/customer';
import type { Customer } from '@core/schemas/quotations';
import { MESSAGES } from '@core/i18n-messages';
import type { z } from 'zod';
import type { Db, Queryable } from '../../db/client';
import { customers, customerSnapshot } from '../../db/schema';
import type { AuthContext } from '../../lib/auth';
import { invalid, notFound } from '../../lib/errors';
import { agentScope, type CustomerRow, proposalError } from './shared';
import { toCustomer } from './presenter';

export class QuotationCustomers {
  constructor(private readonly db: Db) {}

  async searchCustomer(auth: AuthContext, q: { code?: string | undefined; vat?: string | undefined; category?: string | undefined }): Promise<Customer> {
    if (q.category !== undefined && q.category !== '' && !ContractualCategorySchema.safeParse(q.category).success) {
      throw proposalError('Contractual category not valid', { category: [PROPOSAL_ERRORS['Contractual category not valid']] });
    }
    const owners = await agentScope(this.db, auth);
    const code = q.code?.trim().toUpperCase();
    const vat = q.vat?.trim();
    if (!code && !vat) throw invalid({ code: [MESSAGES.required] });
    const where = code ? eq(customers.fiscalCode, code) : eq(customers.vatNumber, vat!);
    const rows = await this.db
      .select()
      .from(customers)
      .where(and(where, inArray(customers.ownerId, owners)))
      // The caller's own record first, then the most recently updated one of the network.
      .orderBy(sql`case when ${customers.ownerId} = ${auth.user.id} then 0 else 1 end`, desc(customers.updatedAt))
      .limit(1);
    const row = rows[0];
    if (!row) throw notFound(code ? 'Nessun cliente trovato con questo codice fiscale' : 'Nessun cliente trovato con questa partita IVA');
    return toCustomer(customerSnapshot(row));
  }

  async upsertCustomer(db: Queryable, ownerId: number, c: z.output<typeof ProposalCustomerSchema>): Promise<CustomerRow> {
    const info = categoryInfo(c.employee_category);
    const values = {
      ownerId,
      firstName: c.first_name,
      lastName: c.last_name,
      email: c.email,
      phone: c.phone,
      fiscalCode: c.fiscal_code,
      zipCode: c.zip_code,
      address: c.address,
      city: c.city,
      employeeCategory: c.employee_category,
      employeeType: info.type,
      employeeSecondaryType: info.secondaryType,
      vatNumber: info.type === 'BUSINESS' ? c.vat_number : '',
      businessName: info.type === 'BUSINESS' || info.secondaryType === 'BUSINESS' ? c.business_name : '',
      notes: c.notes,
    };
    const [row] = await db
      .insert(customers)
      .values(values)
      .onConflictDoUpdate({ target: [customers.ownerId, customers.fiscalCode], set: { ...values, updatedAt: new Date() } })
      .returning();
    return row!;
  }
}
