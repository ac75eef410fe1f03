import { AppError } from "@/lib/kernel";
import { redirect } from "next/navigation";
import { db } from "@/lib/platform/db";
import { acceptInvite, checkInvite } from "@/lib/accounts/store";
import {
  inviteMessage,
  INVITE_MESSAGES,
  MIN_PASSWORD_LENGTH,
  PASSWORD_MESSAGES,
  invitePasswordInput,
} from "@/lib/accounts";

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
  const shown = inviteMessage(error, Object.values(PASSWORD_MESSAGES));
  return (
    <main className="center-page">
      <div className="card narrow">
        <h1>Set your password</h1>
        {!check.ok ? (
          <p role="alert" className="error" data-testid="invite-error">
            {check.reason}
          </p>
        ) : (
          <form action={setPassword.bind(null, token)} className="stack">
            <p className="muted">
              Welcome, {check.name}. Choose a password for <strong>{check.email}</strong>.
            </p>
            <label>
              New password
              <input
                name="password"
                type="password"
                autoComplete="new-password"
                required
                autoFocus
                aria-describedby="pw-hint"
              />
              <span id="pw-hint" className="muted small">
                At least {MIN_PASSWORD_LENGTH} characters, not a common password.
              </span>
            </label>
            <label>
              Repeat it
              <input name="confirm" type="password" autoComplete="new-password" required />
            </label>
            {shown && (
              <p role="alert" className="error">
                {shown}
              </p>
            )}
            <button className="btn primary" type="submit">
              Set password
            </button>
          </form>
        )}
      </div>
    </main>
  );
}
