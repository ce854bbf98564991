/** The JSON-fields dialog of a row lives with the generic resource screens. */
export { JsonFieldsButton, JsonFieldsDialog } from '../generic/JsonFieldsDialog';
