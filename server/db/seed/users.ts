import { FEATURES, type FeatureSlug } from '@core/features';
import type { Db } from '../client';
import { userFeatures, users, type UserStatus } from '../schema';
import { hashPassword } from '../../lib/crypto';

export const DEMO_PASSWORD = 'Demo2026!';

type DemoUser = {
  key: string;
  email: string;
  name: string;
  businessName: string;
  role?: number;
  roleName?: string;
  parent?: string;
  status?: UserStatus;
  termsAccepted?: boolean;
  features: readonly FeatureSlug[];
  groupCode?: string;
  groupFeeType?: string;
  feeType?: string;
  feeValue?: number;
  botUuid?: string;
  theme?: string;
};

const SALES: FeatureSlug[] = ['quotations', 'prescoring', 'fees-visibility', 'offer-request', 'support'];

/** README lists these logins; every demo user has the same password. */
export const DEMO_USERS: DemoUser[] = [
  { key: 'base', email: 'agente@demo.it', name: 'Marco Bianchi', businessName: '', features: [] },
  {
    key: 'full',
    email: 'completo@demo.it',
    name: 'Giulia Verdi',
    businessName: 'Verdi Noleggi Srl',
    features: FEATURES.filter((f) => f !== 'network' && f !== 'network-sub-agent'),
    botUuid: 'demo-bot-7f3a',
    theme: 'dark',
  },
  {
    key: 'leader',
    email: 'capogruppo@demo.it',
    name: 'Luca Ferrari',
    businessName: 'Ferrari Mobility Network',
    role: 1,
    roleName: 'Capogruppo',
    features: [...SALES, 'network', 'network-sub-agent', 'catalog', 'provider-product', 'marketing-stuff', 'clone', 'car-custom-images'],
    groupCode: 'NET-NORD',
    groupFeeType: 'FIXED_VALUE',
  },
  {
    key: 'sub1',
    email: 'sara.conti@demo.it',
    name: 'Sara Conti',
    businessName: 'Conti Auto',
    parent: 'leader',
    features: SALES,
    groupCode: 'NET-NORD',
    feeType: 'FLAT_PERCENTAGE',
    feeValue: 60,
  },
  {
    key: 'sub2',
    email: 'paolo.marini@demo.it',
    name: 'Paolo Marini',
    businessName: 'Marini Car',
    parent: 'leader',
    features: SALES,
    groupCode: 'NET-NORD',
    feeType: 'HIERARCHICAL_PERCENTAGE',
    feeValue: 40,
  },
  {
    key: 'sub3',
    email: 'elena.galli@demo.it',
    name: 'Elena Galli',
    businessName: 'Galli Rent',
    parent: 'sub1',
    role: 0,
    features: SALES,
    groupCode: 'NET-NORD',
    feeType: 'FIXED_VALUE',
    feeValue: 150,
  },
  {
    key: 'sub4',
    email: 'andrea.rizzi@demo.it',
    name: 'Andrea Rizzi',
    businessName: 'Rizzi Motors',
    parent: 'leader',
    features: SALES,
    status: 'SUSPENDED',
    groupCode: 'NET-NORD',
  },
  {
    key: 'sub5',
    email: 'chiara.moretti@demo.it',
    name: 'Chiara Moretti',
    businessName: 'Moretti Auto',
    parent: 'leader',
    features: SALES,
    status: 'PENDING_ACTIVATION',
    groupCode: 'NET-NORD',
  },
  {
    key: 'leader2',
    email: 'capogruppo.sud@demo.it',
    name: 'Francesca Romano',
    businessName: 'Romano Rent Network',
    role: 1,
    roleName: 'Capogruppo',
    features: [...SALES, 'network', 'network-sub-agent'],
    groupCode: 'NET-SUD',
  },
  { key: 'sud1', email: 'davide.greco@demo.it', name: 'Davide Greco', businessName: 'Greco Noleggi', parent: 'leader2', features: SALES, groupCode: 'NET-SUD' },
  { key: 'terms', email: 'nuovo@demo.it', name: 'Roberto Esposito', businessName: 'Esposito Car', features: SALES, termsAccepted: false },
];

export async function seedUsers(db: Db): Promise<Map<string, number>> {
  const hash = await hashPassword(DEMO_PASSWORD);
  const ids = new Map<string, number>();
  let n = 0;
  for (const u of DEMO_USERS) {
    n += 1;
    const status = u.status ?? 'ACTIVATED';
    const [row] = await db
      .insert(users)
      .values({
        code: `AG${String(n).padStart(4, '0')}`,
        email: u.email,
        passwordHash: status === 'PENDING_ACTIVATION' ? null : hash,
        name: u.name,
        businessName: u.businessName,
        phone: `+39 3${String(400000000 + n * 1234567).slice(0, 9)}`,
        title: u.role === 1 ? 'Responsabile rete' : 'Agente',
        role: u.role ?? 0,
        roleName: u.roleName ?? 'Agente',
        parentId: u.parent ? ids.get(u.parent) : null,
        status,
        termsAccepted: u.termsAccepted ?? status !== 'PENDING_ACTIVATION',
        groupType: u.groupCode ? 'network' : 'single',
        groupName: u.groupCode === 'NET-NORD' ? 'Rete Nord' : u.groupCode === 'NET-SUD' ? 'Rete Sud' : '',
        groupCode: u.groupCode ?? '',
        groupFeeType: u.groupFeeType ?? 'FLAT_PERCENTAGE',
        feeType: u.feeType ?? 'FLAT_PERCENTAGE',
        feeValue: u.feeValue ?? 50,
        botUuid: u.botUuid ?? null,
        preferences: u.theme ? [{ name: 'theme', value: u.theme }] : [],
        createdAt: new Date(Date.UTC(2025, 0, n)),
      })
      .returning({ id: users.id });
    if (!row) throw new Error('seed: user not inserted');
    ids.set(u.key, row.id);
    if (u.features.length > 0) {
      await db.insert(userFeatures).values(u.features.map((slug) => ({ userId: row.id, slug, level: 2, limit: slug === 'network-sub-agent' ? 10 : null })));
    }
  }
  return ids;
}
