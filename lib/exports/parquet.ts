/**
 * Parquet for every export kind (decision 011): a kind declares its columns with `col` (strings, booleans, doubles,
 * int64, lists and structs nested at will, any of them nullable), and `parquetChunks` writes its records a row group
 * at a time as they stream, with hyparquet-writer's ParquetWriter, so memory holds one row group at most whatever
 * the export's size. Each row is checked against the columns as it is written: a field the columns do not declare,
 * or a value of another type, fails the export with the column's path rather than leaving it out of the file, so
 * the Parquet holds exactly what the JSONL of the same export holds:
 * - lists are Parquet LISTs (the standard three-level form), objects STRUCTs of their named fields (no MAPs: the
 *   export's objects have known keys, and readers such as Hugging Face datasets and pandas give a STRUCT back as the
 *   same object);
 * - integers are INT64 and other numbers DOUBLE (what pandas and datasets infer from the JSONL); timestamps stay the
 *   ISO strings the JSONL holds;
 * - a nullable column's null is the JSONL's null, or its key left out (JSON has no undefined); a number that is not
 *   finite is null too, as JSON.stringify writes it.
 */
import { ByteWriter, ParquetWriter, type SchemaElement } from "hyparquet-writer";

export type Column =
  | { type: "string" | "boolean" | "double" | "int64" | "json"; nullable: boolean }
  | { type: "list"; items: Column; nullable: boolean }
  | { type: "struct"; fields: Columns; nullable: boolean };
/** A row's columns, in the order the file lists them. */
export type Columns = Record<string, Column>;

/** Column builders: `col.nullable(col.list(col.struct({ role: col.string(), content: col.string() })))`. */
export const col = {
  string: (): Column => ({ type: "string", nullable: false }),
  boolean: (): Column => ({ type: "boolean", nullable: false }),
  double: (): Column => ({ type: "double", nullable: false }),
  int64: (): Column => ({ type: "int64", nullable: false }),
  /**
   * An object whose keys the export cannot know before its first row — the dimension answers, keyed by the
   * dataset's own dimension set — as its JSON text in a string column (a STRUCT needs its fields in the schema,
   * which is written first; `JSON.parse` of the cell gives the JSONL's object back).
   */
  json: (): Column => ({ type: "json", nullable: false }),
  list: (items: Column): Column => ({ type: "list", items, nullable: false }),
  struct: (fields: Columns): Column => ({ type: "struct", fields, nullable: false }),
  nullable: (c: Column): Column => ({ ...c, nullable: true }),
};

/** The Parquet schema of the columns: the root, then each column's elements depth first. */
export function parquetSchema(columns: Columns): SchemaElement[] {
  const out: SchemaElement[] = [{ name: "root", num_children: Object.keys(columns).length }];
  const add = (name: string, c: Column) => {
    const repetition_type = c.nullable ? "OPTIONAL" : "REQUIRED";
    if (c.type === "list") {
      out.push({ name, repetition_type, num_children: 1, converted_type: "LIST", logical_type: { type: "LIST" } });
      out.push({ name: "list", repetition_type: "REPEATED", num_children: 1 });
      add("element", c.items);
    } else if (c.type === "struct") {
      out.push({ name, repetition_type, num_children: Object.keys(c.fields).length });
      for (const [f, fc] of Object.entries(c.fields)) add(f, fc);
    } else if (c.type === "string" || c.type === "json") {
      out.push({ name, repetition_type, type: "BYTE_ARRAY", converted_type: "UTF8", logical_type: { type: "STRING" } });
    } else {
      out.push({
        name,
        repetition_type,
        type: c.type === "int64" ? "INT64" : c.type === "double" ? "DOUBLE" : "BOOLEAN",
      });
    }
  };
  for (const [name, c] of Object.entries(columns)) add(name, c);
  return out;
}

/** Thrown when a record does not fit its kind's columns (a bug in the kind's declaration, not in the data). */
export class ParquetShapeError extends Error {
  constructor(path: string, what: string) {
    super(`parquet column ${path}: ${what}`);
    this.name = "ParquetShapeError";
  }
}

/** Counts what a row group holds (string characters, 8 per other value) to close groups of large rows early. */
interface Size {
  bytes: number;
}
type Convert = (v: unknown, size: Size) => unknown;

const describe = (v: unknown) => (Array.isArray(v) ? "a list" : v === null ? "null" : `a ${typeof v}`);

/** A column's checker and converter (int64 to BigInt, as the writer takes it), compiled once per export. */
function converter(c: Column, path: string): Convert {
  const missing = (v: unknown, size: Size) => {
    if (!c.nullable) throw new ParquetShapeError(path, `expected a value, got ${describe(v)}`);
    size.bytes += 1;
    return null;
  };
  switch (c.type) {
    case "string":
      return (v, size) => {
        if (v === null || v === undefined) return missing(v, size);
        if (typeof v !== "string") throw new ParquetShapeError(path, `expected a string, got ${describe(v)}`);
        size.bytes += v.length;
        return v;
      };
    case "json":
      return (v, size) => {
        if (v === null || v === undefined) return missing(v, size);
        const text = JSON.stringify(v);
        size.bytes += text.length;
        return text;
      };
    case "boolean":
      return (v, size) => {
        if (v === null || v === undefined) return missing(v, size);
        if (typeof v !== "boolean") throw new ParquetShapeError(path, `expected a boolean, got ${describe(v)}`);
        size.bytes += 1;
        return v;
      };
    case "double":
    case "int64": {
      const int = c.type === "int64";
      return (v, size) => {
        if (v === null || v === undefined) return missing(v, size);
        if (typeof v !== "number") throw new ParquetShapeError(path, `expected a number, got ${describe(v)}`);
        // JSON.stringify writes a number that is not finite as null.
        if (!Number.isFinite(v)) return missing(null, size);
        size.bytes += 8;
        if (!int) return v;
        if (!Number.isSafeInteger(v)) throw new ParquetShapeError(path, `expected an integer, got ${v}`);
        return BigInt(v);
      };
    }
    case "list": {
      const item = converter(c.items, `${path}[]`);
      return (v, size) => {
        if (v === null || v === undefined) return missing(v, size);
        if (!Array.isArray(v)) throw new ParquetShapeError(path, `expected a list, got ${describe(v)}`);
        const out = new Array<unknown>(v.length);
        for (let i = 0; i < v.length; i++) out[i] = item(v[i], size);
        size.bytes += 4;
        return out;
      };
    }
    case "struct": {
      const fields = Object.entries(c.fields).map(([f, fc]) => [f, converter(fc, `${path}.${f}`)] as const);
      return (v, size) => {
        if (v === null || v === undefined) return missing(v, size);
        if (typeof v !== "object" || Array.isArray(v))
          throw new ParquetShapeError(path, `expected an object, got ${describe(v)}`);
        const o = v as Record<string, unknown>;
        for (const k in o)
          if (!(k in c.fields) && o[k] !== undefined) throw new ParquetShapeError(`${path}.${k}`, "not a column");
        const out: Record<string, unknown> = {};
        for (const [f, conv] of fields) out[f] = conv(o[f], size);
        return out;
      };
    }
  }
}

/** Writer output taken after each row group: the bytes so far leave, the offsets the footer needs keep counting. */
class ChunkWriter extends ByteWriter {
  take(): Uint8Array {
    const bytes = this.getBytes().slice();
    this.index = 0;
    return bytes;
  }
}

/**
 * A file without rows: hyparquet-writer 0.17 writes its empty row-group list with element type 0, which the Thrift
 * compact protocol does not allow and arrow-rs (parquet-wasm's reader) refuses ("Expected list element type of
 * Struct"); the list's header is set to "0 structs" (num_rows 0, then field 4, row_groups: 0x16 0x00 0x19 0x00 →
 * … 0x0c; no schema element has an INT64 field, so the bytes cannot occur before). parquet.test.ts reads such a file
 * back with arrow-rs.
 */
function emptyListFixed(file: Uint8Array): Uint8Array {
  for (let i = 4; i + 3 < file.length; i++)
    if (file[i] === 0x16 && file[i + 1] === 0 && file[i + 2] === 0x19 && file[i + 3] === 0) {
      file[i + 3] = 0x0c;
      break;
    }
  return file;
}

export interface ParquetChunksOptions {
  /** A row group closes at this many rows… */
  rowGroupRows?: number;
  /** …or when its values hold about this many bytes (string characters, 8 for each other value). */
  rowGroupBytes?: number;
  /** The largest chunk yielded (a row group's bytes come in slices of this size). */
  chunkBytes?: number;
  /** Hears the rows written after each row group. */
  onRows?: (n: number) => void;
  /** Key–value metadata in the file's footer. */
  metadata?: Record<string, string>;
}

/**
 * The Parquet file of `rows`, in chunks: each row group is encoded (snappy-compressed, with statistics) as soon as
 * it is full and leaves before the next is read, so the rows and bytes held at once are one row group's.
 */
export async function* parquetChunks(
  columns: Columns,
  rows: AsyncIterable<object> | Iterable<object>,
  o: ParquetChunksOptions = {},
): AsyncGenerator<Uint8Array> {
  const maxRows = o.rowGroupRows ?? 10_000;
  const maxBytes = o.rowGroupBytes ?? 16 << 20;
  const chunkBytes = o.chunkBytes ?? 1 << 20;
  const names = Object.keys(columns);
  const row = converter(col.struct(columns), "row") as (v: unknown, size: Size) => Record<string, unknown>;
  const writer = new ChunkWriter(1 << 16);
  const pq = new ParquetWriter({
    writer,
    schema: parquetSchema(columns),
    createdBy: "TripJudge",
    kvMetadata: o.metadata && Object.entries(o.metadata).map(([key, value]) => ({ key, value })),
  });
  let group: Record<string, unknown>[] = [];
  const size: Size = { bytes: 0 };
  let n = 0;
  const slices = function* (bytes: Uint8Array) {
    for (let i = 0; i < bytes.length; i += chunkBytes) yield bytes.subarray(i, i + chunkBytes);
  };
  const flush = () => {
    // One call, one row group: the writer transposes the rows into columns and encodes each.
    const columnData = names.map((name) => ({ name, data: group.map((r) => r[name]) }));
    void pq.write({ columnData, rowGroupSize: group.length });
    group = [];
    size.bytes = 0;
    return writer.take();
  };
  for await (const r of rows) {
    group.push(row(r, size));
    n++;
    if (group.length >= maxRows || size.bytes >= maxBytes) {
      yield* slices(flush());
      o.onRows?.(n);
    }
  }
  const last = group.length ? flush() : new Uint8Array(0);
  void pq.finish();
  const tail = n ? writer.take() : emptyListFixed(writer.take());
  const end = new Uint8Array(last.length + tail.length);
  end.set(last);
  end.set(tail, last.length);
  yield* slices(end);
  o.onRows?.(n);
}
