// Zod's messages in Varbench's words (errors/zodWords.ts), installed for every
// schema by errors.ts: the bound and its unit, never "Too big: expected number to be <=1".
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { z } from "zod";
import "../../engine/errors/errors.js";

const said = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  assert.ok(!r.success, `${JSON.stringify(value)} was accepted`);
  return r.error.issues.map((i) => i.message).join(" | ");
};

describe("zod's messages in Varbench's words", () => {
  it("bounds, with their units and whether they are included", () => {
    assert.equal(said(z.number().max(1), 2), "must be at most 1");
    assert.equal(said(z.number().lt(1), 1), "must be below 1");
    assert.equal(said(z.number().min(0), -1), "must be at least 0");
    assert.equal(said(z.number().positive(), 0), "must be above 0");
    assert.equal(said(z.array(z.number()).max(2), [1, 2, 3]), "must be at most 2 items");
    assert.equal(said(z.string().max(1), "ab"), "must be at most 1 character");
    assert.equal(said(z.string().min(1), ""), "must not be empty");
    assert.equal(said(z.number().max(0.001), 1), "must be at most 0.001");
  });

  it("types, values and fields", () => {
    assert.equal(said(z.number(), "x"), "expected number, received string");
    assert.equal(said(z.number(), null), "expected number, received null");
    assert.equal(said(z.number().int(), 1.5), "must be a whole number");
    assert.equal(said(z.strictObject({ n: z.number() }), {}), "is required (number)");
    assert.equal(said(z.enum(["a", "b"]), "c"), 'must be one of: "a", "b"');
    assert.equal(said(z.literal("x"), "y"), 'must be "x"');
    assert.equal(said(z.strictObject({ a: z.number() }), { a: 1, b: 2, c: 3 }), "unknown fields: b, c");
    assert.equal(said(z.number().multipleOf(0.5), 0.3), "must be a multiple of 0.5");
  });

  it("a schema's own message is kept", () => {
    assert.equal(said(z.number().max(1, { error: "τ_S is a share, 0..1" }), 2), "τ_S is a share, 0..1");
  });
});
