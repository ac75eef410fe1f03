import { redirect } from "next/navigation";
import { z } from "zod";
import { db } from "@/lib/db/client";
import { acceptInvite, checkInvite, UserError } from "@/lib/db/users";
import { MIN_PASSWORD_LENGTH } from "@/lib/auth/password";

export const dynamic = "force-dynamic";

const passwordInput = z
  .object({
    password: z.string().min(MIN_PASSWORD_LENGTH, `Use at least ${MIN_PASSWORD_LENGTH} characters.`).max(200, "Use at most 200 characters."),
    confirm: z.string(),
  })
  .refine((v) => v.password === v.confirm, { message: "The two passwords differ.", path: ["confirm"] });

async function setPassword(token: string, formData: FormData) {
  "use server";
  const parsed = passwordInput.safeParse({ password: formData.get("password"), confirm: formData.get("confirm") });
  if (!parsed.success) redirect(`/invite/${encodeURIComponent(token)}?error=${encodeURIComponent(parsed.error.issues[0].message)}`);
  try {
    await acceptInvite(db(), token, parsed.data.password);
  } catch (e) {
    const msg = e instanceof UserError ? e.message : "The password could not be saved. Try again.";
    redirect(`/invite/${encodeURIComponent(token)}?error=${encodeURIComponent(msg)}`);
  }
  redirect("/signin?set=1");
}

export default async function InvitePage({ params, searchParams }: { params: Promise<{ token: string }>; searchParams: Promise<{ error?: string }> }) {
  const { token } = await params;
  const { error } = await searchParams;
  const check = token.length > 200 ? { ok: false as const, reason: "This invite link is not valid." } : await checkInvite(db(), token);
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
              <input name="password" type="password" autoComplete="new-password" required autoFocus aria-describedby="pw-hint" />
              <span id="pw-hint" className="muted small">At least {MIN_PASSWORD_LENGTH} characters.</span>
            </label>
            <label>
              Repeat it
              <input name="confirm" type="password" autoComplete="new-password" required />
            </label>
            {error && (
              <p role="alert" className="error">
                {error.slice(0, 200)}
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
