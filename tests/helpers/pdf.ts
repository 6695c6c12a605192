/**
 * A minimal valid PDF (1.4, Helvetica, one text line per entry) with a correct cross-reference table,
 * so tests upload real PDFs with known text. A page with no lines has no text at all.
 */
export function makePdf(pages: string[][]): Uint8Array {
  const objects: string[] = [];
  const add = (body: string) => objects.push(body);
  add(""); // 1: catalog, filled below
  add(""); // 2: page tree, filled below
  add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"); // 3
  const kids: number[] = [];
  for (const lines of pages) {
    const escape = (text: string) => text.replace(/[\\()]/g, (char) => `\\${char}`);
    const operations = lines.length ? ["BT", "/F1 11 Tf", "14 TL", "56 760 Td", ...lines.map((line) => `(${escape(line)}) '`), "ET"].join("\n") : "";
    const content = add(`<< /Length ${Buffer.byteLength(operations, "latin1")} >>\nstream\n${operations}\nendstream`);
    kids.push(
      add(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${content} 0 R >>`),
    );
  }
  objects[0] = "<< /Type /Catalog /Pages 2 0 R >>";
  objects[1] = `<< /Type /Pages /Kids [${kids.map((kid) => `${kid} 0 R`).join(" ")}] /Count ${kids.length} >>`;

  let out = "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n";
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(Buffer.byteLength(out, "latin1"));
    out += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, "latin1");
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("");
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(out, "latin1"));
}

/** Wraps long paragraphs into PDF lines of at most `width` characters. */
export function wrap(text: string, width = 90): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * A hostile PDF as an outside probe built one: `pages` pages that all draw the same content stream
 * (`linesPerPage` lines of text), so a few megabytes of file unfold into pages × lines of text.
 */
export function makeSharedStreamPdf(pages: number, linesPerPage: number, line = "The quick brown fox jumps over the lazy dog again and again."): Uint8Array {
  const escape = (text: string) => text.replace(/[\\()]/g, (char) => `\\${char}`);
  const operations = ["BT", "/F1 11 Tf", "14 TL", "56 760 Td", ...Array.from({ length: linesPerPage }, () => `(${escape(line)}) '`), "ET"].join("\n");
  const parts: string[] = [];
  let out = "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n";
  let size = Buffer.byteLength(out, "latin1");
  const offsets: number[] = [];
  const add = (body: string) => {
    offsets.push(size);
    const part = `${offsets.length} 0 obj\n${body}\nendobj\n`;
    parts.push(part);
    size += Buffer.byteLength(part, "latin1");
  };
  add("<< /Type /Catalog /Pages 2 0 R >>");
  add(`<< /Type /Pages /Kids [${Array.from({ length: pages }, (_, i) => `${i + 5} 0 R`).join(" ")}] /Count ${pages} >>`);
  add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>");
  add(`<< /Length ${Buffer.byteLength(operations, "latin1")} >>\nstream\n${operations}\nendstream`);
  for (let i = 0; i < pages; i++) add("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents 4 0 R >>");
  out += parts.join("");
  const xref = Buffer.byteLength(out, "latin1");
  out += `xref\n0 ${offsets.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("");
  out += `trailer\n<< /Size ${offsets.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(out, "latin1"));
}
