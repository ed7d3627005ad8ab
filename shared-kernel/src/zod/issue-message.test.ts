import { z } from 'shared-kernel/zod';

// Issue 26: a parse outside a form (a slice's own safeParse, the API's request check) gets the same
// Estonian texts as a form: the kernel's zod installs the error map for the whole page or process.
const message = (schema: z.ZodType, input: unknown) => schema.safeParse(input).error?.issues[0]?.message;

describe("the kernel's zod", () => {
  it('words every kind of issue in Estonian without a form', () => {
    expect(message(z.object({ name: z.string() }), {})).toBe('Kohustuslik');
    expect(message(z.string(), 42)).toBe('Vigane väärtus');
    expect(message(z.string().max(3), 'pikk tekst')).toBe('Liiga pikk: kuni 3 märki.');
    expect(message(z.string().min(5), 'abc')).toBe('Liiga lühike: vähemalt 5 märki.');
    expect(message(z.number().int().max(100), 1000)).toBe('Väärtus võib olla kuni 100.');
    expect(message(z.enum(['B2B', 'B2C']), 'PERSON')).toBe('Vali üks pakutud valikutest.');
    expect(message(z.email(), 'mari@')).toBe('Vale emaili aadress');
    expect(message(z.iso.date(), '2026-13-40')).toBe('Vigane vorming');
  });

  it("keeps a schema's own text", () => {
    expect(message(z.string().min(1, 'Täida nimi'), '')).toBe('Täida nimi');
  });
});
