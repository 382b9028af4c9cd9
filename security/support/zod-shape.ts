import type { z } from 'zod';

interface Def {
  type: string;
  shape?: Record<string, unknown>;
  in?: { _zod: { def: Def } };
  innerType?: { _zod: { def: Def } };
}

/** The top-level field names of an object body schema, through optional, nullable, default and pipes. */
export function bodyKeys(schema: z.ZodType): string[] {
  let def = (schema as unknown as { _zod: { def: Def } })._zod.def;
  for (let i = 0; i < 10; i++) {
    if (def.type === 'object') return Object.keys(def.shape ?? {});
    const next = def.type === 'pipe' ? def.in : def.innerType;
    if (!next) return [];
    def = next._zod.def;
  }
  return [];
}
