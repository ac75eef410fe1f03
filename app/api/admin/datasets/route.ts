import { NextResponse } from "next/server";
import { z } from "zod";
import { db } from "@/lib/db/client";
import { importBundle, listDatasets } from "@/lib/db/imports";
import { config } from "@/lib/config";
import { filesFromZip, sizeText, type BundleFiles } from "@/lib/importers/bundle";
import { jsonError, withRole } from "@/lib/server/api";

export const GET = withRole("ADMIN", async () => NextResponse.json({ datasets: await listDatasets(db()) }));

const maxBytes = () => config().IMPORT_MAX_BYTES;
const options = z.object({ excludeInfeasible: z.enum(["on", "true", "false", ""]).optional() });

/** multipart/form-data: one .zip, or the files of a bundle folder (manifest.json, pois.json, …). */
export const POST = withRole("ADMIN", async (req, { user }) => {
  const declared = Number(req.headers.get("content-length") ?? 0);
  if (declared > maxBytes() + 1024 * 1024) return jsonError(413, `The upload is ${sizeText(declared)}, over the ${sizeText(maxBytes())} limit.`);
  let form: FormData;
  try {
    form = await req.formData();
  } catch {
    return jsonError(400, "Send the bundle as multipart/form-data (a .zip, or the bundle's .json/.jsonl files).");
  }
  const opts = options.parse({ excludeInfeasible: form.get("excludeInfeasible") ?? undefined });
  const uploads = form.getAll("files").filter((f): f is File => typeof f === "object" && f !== null && "arrayBuffer" in f);
  if (!uploads.length) return jsonError(400, "No file was uploaded.");
  let files: BundleFiles = new Map();
  const zip = uploads.find((f) => f.name.toLowerCase().endsWith(".zip"));
  if (zip) {
    if (uploads.length > 1) return jsonError(400, "Upload either one .zip or the bundle's files, not both.");
    files = filesFromZip(new Uint8Array(await zip.arrayBuffer()), maxBytes());
  } else {
    for (const f of uploads) {
      const name = f.name.split("/").pop()!;
      if (!/\.(json|jsonl|ndjson)$/i.test(name)) return jsonError(400, `"${name}" is not a .json, .jsonl or .zip file.`);
      files.set(name, new Uint8Array(await f.arrayBuffer()));
    }
  }
  const outcome = await importBundle(db(), files, { actorId: user.id, maxBytes: maxBytes(), excludeInfeasible: opts.excludeInfeasible === "on" || opts.excludeInfeasible === "true" });
  return NextResponse.json(outcome, { status: outcome.ok ? (outcome.created ? 201 : 200) : 422 });
});
