import type { Metadata } from "next";
import { NextIntlClientProvider } from "next-intl";
import { getLocale, getTranslations } from "next-intl/server";
import "./globals.css";
import { Providers } from "@/components/Providers";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("App");
  return { title: "TripJudge", description: t("description") };
}

/** The page's language is the request's (lib/platform/next/i18n-request.ts); client components get its messages. */
export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const locale = await getLocale();
  return (
    <html lang={locale}>
      <body>
        <NextIntlClientProvider>
          <Providers>{children}</Providers>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
