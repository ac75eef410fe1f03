/** Browser for Playwright: a system Chromium when present (machines that cannot download Playwright's own). */
import { execSync } from "node:child_process";

export function systemChromium(): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  for (const name of ["chromium", "chromium-browser", "google-chrome"]) {
    try {
      const p = execSync(`command -v ${name}`, { stdio: ["ignore", "pipe", "ignore"] })
        .toString()
        .trim();
      if (p) return p;
    } catch {
      /* not installed */
    }
  }
  return undefined;
}

export function browserLaunchOptions() {
  const executablePath = systemChromium();
  if (!executablePath) return {};
  return {
    executablePath,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  };
}
