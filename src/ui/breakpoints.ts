/**
 * The widths where the app's layout changes, as media queries for `useMediaQuery` and `matchMedia`: Ionic's
 * grid breakpoints (sm 576, md 768, lg 992) and the wide screen where filters sit beside the results (1024).
 * The CSS writes the same numbers in its @media rules (offers.css, quotation.css, app.css): change both.
 */
export const breakpoints = {
  /** Two offer cards to a row (offers.css, .offer-grid). */
  sm: '(min-width: 576px)',
  /** Three offer cards to a row. */
  md: '(min-width: 768px)',
  /** The side menu is always in view beside the screen; below, a drawer. Lists show their filters unfolded. */
  lg: '(min-width: 992px)',
  /** Offers and the wizard: the filters (or the summary) in a column beside the content. */
  wide: '(min-width: 1024px)',
  /** The wizard's customer fields in two columns (quotation.css, .form-grid); below, one: a phone. */
  formTwoColumns: '(min-width: 700px)',
} as const;
