/**
 * A bundle upload with XMLHttpRequest, the one browser API that reports upload progress; its answers are
 * read as components/api.ts reads them (an error body becomes an ApiError with the server's sentence).
 */
import type { ErrorCode } from "@/lib/kernel/browser";
import { ApiError } from "../api";

export function uploadBundle<T>(form: FormData, onProgress: (share: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/api/admin/datasets");
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => {
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        /* not JSON */
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as T);
      else
        reject(
          new ApiError(
            typeof body.error === "string" ? body.error : `The server answered ${xhr.status}.`,
            xhr.status,
            (body.code as ErrorCode) ?? "internal",
            body,
          ),
        );
    };
    xhr.onerror = () => reject(new ApiError("The upload failed: the server could not be reached.", 0, "network", {}));
    xhr.send(form);
  });
}
