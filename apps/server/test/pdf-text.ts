/**
 * Reading the text of the PDFs Crust writes (the invoice: uncompressed content streams, embedded TrueType fonts
 * with ToUnicode maps), as a PDF reader does. Shared by the server tests and the end-to-end invoice test.
 */

/** An uncompressed PDF's objects by number: `n 0 obj … endobj`. */
function pdfObjects(raw: string): Map<number, string> {
  const objects = new Map<number, string>();
  for (const m of raw.matchAll(/(\d+) 0 obj\s*([\s\S]*?)endobj/g)) objects.set(Number(m[1]), m[2]!);
  return objects;
}

/** A ToUnicode CMap (the `bfrange` arrays and `bfchar` pairs pdfkit writes) as glyph code → text. */
function toUnicodeMap(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  const text = (hex: string) =>
    String.fromCodePoint(...(hex.match(/.{4}/g) ?? []).map((h) => parseInt(h, 16)));
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g))
    for (const r of block[1]!.matchAll(/<([0-9a-f]+)>\s*<([0-9a-f]+)>\s*(\[[^\]]*\]|<[0-9a-f]+>)/gi)) {
      const from = parseInt(r[1]!, 16);
      const targets = [...r[3]!.matchAll(/<([0-9a-f]+)>/gi)].map((x) => x[1]!);
      const last = parseInt(r[2]!, 16);
      for (let code = from; code <= last; code++)
        map.set(
          code,
          targets.length > 1
            ? text(targets[code - from]!)
            : String.fromCodePoint(parseInt(targets[0]!, 16) + code - from),
        );
    }
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
    for (const r of block[1]!.matchAll(/<([0-9a-f]+)>\s*<([0-9a-f]+)>/gi))
      map.set(parseInt(r[1]!, 16), text(r[2]!));
  return map;
}

/**
 * What an invoice says, read as a PDF reader reads it: the page's fonts (each with its ToUnicode map from
 * glyph codes to characters) and its text runs (hex glyph codes in TJ arrays after `/Fn size Tf`), one line
 * per run. pdfkit writes the content streams uncompressed here (`compress: false`).
 */
export function readPdf(pdf: Buffer): { fonts: string[]; text: string } {
  const raw = pdf.toString('latin1');
  const objects = pdfObjects(raw);
  const resources = /\/Font\s*<<([^>]*)>>/.exec(raw)?.[1] ?? '';
  const byName = new Map<string, Map<number, string>>();
  const fonts: string[] = [];
  for (const [, name, ref] of resources.matchAll(/\/(\w+)\s+(\d+) 0 R/g)) {
    const font = objects.get(Number(ref))!;
    fonts.push(/\/BaseFont\s*\/([\w+-]+)/.exec(font)![1]!);
    const unicode = /\/ToUnicode\s+(\d+) 0 R/.exec(font);
    byName.set(name!, unicode ? toUnicodeMap(objects.get(Number(unicode[1]))!) : new Map());
  }
  const lines: string[] = [];
  let current = new Map<number, string>();
  for (const op of raw.matchAll(/\/(\w+)\s+[\d.]+\s+Tf|\[((?:<[0-9a-fA-F]*>|[-\d.\s])*)\]\s*TJ/g)) {
    if (op[1]) current = byName.get(op[1]) ?? new Map();
    else
      lines.push(
        [...op[2]!.matchAll(/<([0-9a-fA-F]*)>/g)]
          .flatMap((h) => h[1]!.match(/.{4}/g) ?? [])
          .map((code) => current.get(parseInt(code, 16)) ?? '\uFFFD')
          .join(''),
      );
  }
  return { fonts, text: lines.join('\n') };
}
