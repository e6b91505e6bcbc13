// The spec's fixed Italian messages (spec §5), verbatim.
export const FISCAL_CODE_INVALID = 'Il codice fiscale indicato non è valido';
/** Shown on the fiscal-code entry screen only. */
export const FISCAL_CODE_ENTRY_INVALID = 'Il Codice Fiscale inserito non è valido';
export const PHONE_INVALID = 'Indicare un numero di telefono valido';
export const CAP_INVALID = 'Indicare un CAP valido';
export const FORM_HAS_ERRORS = 'Si sono verificati degli errori, controllare i dati inseriti';
export const SERVER_ERROR = "Si è verificato un problema durante l'operazione, si prega di riprovare";
export const VALUE_INVALID = 'Il valore inserito non è valido';
/** An input placeholder, not an error. */
export const VALUE_PLACEHOLDER = 'Inserisci un valore';
export const FIELD_REQUIRED = 'Questo campo è obbligatorio';
// Not in the spec: added in the same style for the VAT and email checks.
export const PARTITA_IVA_INVALID = 'La partita IVA indicata non è valida';
export const EMAIL_INVALID = "L'indirizzo email indicato non è valido";
