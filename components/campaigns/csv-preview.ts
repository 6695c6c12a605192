/** The first rows of a CSV, read in the browser for the preview and the column mapping (the server reads the whole file). */
export function previewCsv(text: string, rows = 5): { header: string[]; rows: string[][] } {
  const records: string[][] = [];
  let field = "";
  let record: string[] = [];
  let quoted = false;
  const source = text.replace(/^\uFEFF/, "");
  for (let i = 0; i < source.length && records.length <= rows; i++) {
    const char = source[i];
    if (quoted) {
      if (char === '"' && source[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      record.push(field.trim());
      field = "";
    } else if (char === "\n" || char === "\r") {
      if (char === "\r" && source[i + 1] === "\n") i++;
      record.push(field.trim());
      if (record.some((cell) => cell !== "")) records.push(record);
      record = [];
      field = "";
    } else field += char;
  }
  if ((field !== "" || record.length) && records.length <= rows) {
    record.push(field.trim());
    if (record.some((cell) => cell !== "")) records.push(record);
  }
  const [header = [], ...rest] = records;
  return { header, rows: rest.slice(0, rows) };
}

/** A sensible first guess of what each column is. */
export function guessTarget(column: string, variables: string[]): string {
  const name = column.trim().toLowerCase().replace(/[\s-]+/g, "_");
  if (["phone_number", "phone", "number", "mobile", "phone_no", "telephone", "tel"].includes(name)) return "phone_number";
  if (["timezone", "time_zone", "tz"].includes(name)) return "timezone";
  if (name.startsWith("metadata.")) return column;
  const variable = variables.find((each) => each.toLowerCase() === name);
  return variable ?? (/^[A-Za-z_][A-Za-z0-9_]*$/.test(column.trim()) ? column.trim() : name.replace(/[^A-Za-z0-9_]/g, "") || "");
}
