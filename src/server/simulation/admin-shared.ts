export { errorResponse } from '../resources/route-schemas.js';

export const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1 } },
};
