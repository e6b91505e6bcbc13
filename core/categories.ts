// The spec's table of contractual categories (section 3), in its order.
export const CONTRACTUAL_CATEGORY_VALUES = [
  'tempo-indeterminato',
  'ditta-individuale',
  'libero-professionista',
  'pensionato',
  'societa-capitale',
  'societa-persone',
  'associazioni-enti-fondazioni',
  'studi-associati',
] as const;

export type ContractualCategory = (typeof CONTRACTUAL_CATEGORY_VALUES)[number];
export type EmployeeType = 'PRIVATE' | 'BUSINESS';
/** The customer-type filter of the offers search. */
export type CustomerType = 'piva' | 'privati';

export interface CategoryInfo {
  value: ContractualCategory;
  label: string;
  type: EmployeeType;
  secondaryType: EmployeeType;
  /** VAT number and business name are required. */
  requiresVat: boolean;
}

// A Record keyed by the union makes a missing or extra category a type error.
const TABLE: Record<ContractualCategory, Omit<CategoryInfo, 'value'>> = {
  'tempo-indeterminato': { label: 'Dipendente a tempo indeterminato', type: 'PRIVATE', secondaryType: 'PRIVATE', requiresVat: false },
  'ditta-individuale': { label: 'Ditta individuale', type: 'BUSINESS', secondaryType: 'PRIVATE', requiresVat: true },
  'libero-professionista': { label: 'Libero professionista', type: 'BUSINESS', secondaryType: 'PRIVATE', requiresVat: true },
  pensionato: { label: 'Pensionato', type: 'PRIVATE', secondaryType: 'PRIVATE', requiresVat: false },
  'societa-capitale': { label: 'Società di capitali', type: 'BUSINESS', secondaryType: 'BUSINESS', requiresVat: true },
  'societa-persone': { label: 'Società di persone', type: 'BUSINESS', secondaryType: 'BUSINESS', requiresVat: true },
  'associazioni-enti-fondazioni': { label: 'Associazioni, enti e fondazioni', type: 'BUSINESS', secondaryType: 'BUSINESS', requiresVat: true },
  'studi-associati': { label: 'Studi associati', type: 'BUSINESS', secondaryType: 'BUSINESS', requiresVat: true },
};

export const CONTRACTUAL_CATEGORIES: readonly CategoryInfo[] = CONTRACTUAL_CATEGORY_VALUES.map((value) => ({ value, ...TABLE[value] }));

export function categoryInfo(category: ContractualCategory): CategoryInfo {
  return { value: category, ...TABLE[category] };
}

/** BUSINESS maps to piva, the others to privati (spec section 3). */
export function customerTypeOf(category: ContractualCategory): CustomerType {
  return TABLE[category].type === 'BUSINESS' ? 'piva' : 'privati';
}

export function categoriesFor(customerType: CustomerType): CategoryInfo[] {
  return CONTRACTUAL_CATEGORIES.filter((c) => customerTypeOf(c.value) === customerType);
}
