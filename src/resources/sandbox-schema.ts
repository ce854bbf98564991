import type { JsonSchema } from '../domain/resource';
import operationalHours from '../../schemas/simulator-operational-hours.json';
import services from '../../schemas/simulator-services.json';
import workSchedule from '../../schemas/simulator-work-schedule.json';
import journeySteps from '../../schemas/journey-steps.json';

/**
 * The sandbox's nested JSON fields have schemas of their own under schemas/ (forms are built
 * from them); an entity schema names them by `$ref`. This puts each one in its place, so the
 * server validates the field and the generic form sees it, with null allowed where the field
 * is optional.
 */
const NESTED: Record<string, JsonSchema> = {
  'simulator-operational-hours': operationalHours as JsonSchema,
  'simulator-services': services as JsonSchema,
  'simulator-work-schedule': workSchedule as JsonSchema,
  'journey-steps': journeySteps as JsonSchema,
};

export function withNestedSchemas(schema: JsonSchema): JsonSchema {
  const required = schema.required ?? [];
  const properties = Object.fromEntries(
    Object.entries(schema.properties ?? {}).map(([key, prop]) => {
      const ref = typeof prop.$ref === 'string' ? NESTED[prop.$ref] : undefined;
      if (!ref) return [key, prop];
      const { $id: _id, $schema: _schema, ...nested } = ref;
      const type = required.includes(key) ? nested.type : [nested.type as string, 'null'];
      return [key, { ...nested, type }];
    }),
  );
  return { ...schema, properties };
}
