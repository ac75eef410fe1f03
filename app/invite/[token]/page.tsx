import { AppError } from "@/lib/kernel";
import { redirect } from "next/navigation";
import { db } from "@/lib/platform/db";
import { acceptInvite, checkInvite } from "@/lib/accounts/store";
import { getTranslations } from "next-intl/server";
import { keyOf } from "@/components/i18n";
import {
  MAX_PASSWORD_BYTES,
  inviteMessage,
  INVITE_MESSAGES,
  MIN_PASSWORD_LENGTH,
  PASSWORD_MESSAGES,
  invitePasswordInput,
} from "@/lib/accounts";

/** A refusal of the invite page (INVITE_MESSAGES or a password rule's) in the page's language; else as said. */
function inviteText(t: (key: string, values?: Record<string, number>) => string, message: string): string {
  const key = keyOf(INVITE_MESSAGES, message) ?? keyOf(PASSWORD_MESSAGES, message);
  return key ? t(`errors.${key}`, { min: MIN_PASSWORD_LENGTH, max: MAX_PASSWORD_BYTES }) : message;
}

export const dynamic = "force-dynamic";

async function setPassword(token: string, formData: FormData) {
  "use server";
  const parsed = invitePasswordInput.safeParse({
    password: formData.get("password"),
    confirm: formData.get("confirm"),
  });
  if (!parsed.success)
    redirect(`/invite/${encodeURIComponent(token)}?error=${encodeURIComponent(parsed.error.issues[0].message)}`);
  try {
    await acceptInvite(db(), token, parsed.data.password);
  } catch (e) {
    const msg = e instanceof AppError ? e.message : INVITE_MESSAGES.failed;
    redirect(`/invite/${encodeURIComponent(token)}?error=${encodeURIComponent(msg)}`);
  }
  redirect("/signin?set=1");
}

export default async function InvitePage({
  params,
  searchParams,
}: {
  params: Promise<{ token: string }>;
  searchParams: Promise<{ error?: string }>;
}) {
  const { token } = await params;
  const { error } = await searchParams;
  const check =
    token.length > 200 ? { ok: false as const, reason: INVITE_MESSAGES.invalid } : await checkInvite(db(), token);
  const said = inviteMessage(error, Object.values(PASSWORD_MESSAGES));
  const t = await getTranslations("Invite");
  const shown = said && inviteText(t, said);
  return (
    <main className="center-page">
      <div className="card narrow">
        <h1>{t("title")}</h1>
        {!check.ok ? (
          <p role="alert" className="error" data-testid="invite-error">
            {inviteText(t, check.reason)}
          </p>
        ) : (
          <form action={setPassword.bind(null, token)} className="stack">
            <p className="muted">
              {t.rich("welcome", {
                name: check.name,
                email: check.email,
                strong: (chunks) => <strong>{chunks}</strong>,
              })}
            </p>
            <label>
              {t("newPassword")}
              <input
                name="password"
                type="password"
                autoComplete="new-password"
                required
                autoFocus
                aria-describedby="pw-hint"
              />
              <span id="pw-hint" className="muted small">
                {t("hint", { min: MIN_PASSWORD_LENGTH })}
              </span>
            </label>
            <label>
              {t("repeat")}
              <input name="confirm" type="password" autoComplete="new-password" required />
            </label>
            {shown && (
              <p role="alert" className="error">
                {shown}
              </p>
            )}
            <button className="btn primary" type="submit">
              {t("submit")}
            </button>
          </form>
        )}
      </div>
    </main>
  );
}
