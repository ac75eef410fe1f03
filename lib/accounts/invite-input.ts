/** What an invite link's password form (the page, and POST /api/invite/<token>) accepts. */
import { z } from "zod";
import { INVITE_MESSAGES } from "./messages";
import { passwordProblem } from "./password";

export const invitePasswordInput = z
  .object({
    password: z
      .string()
      .max(1000)
      .superRefine((p, ctx) => {
        const problem = passwordProblem(p);
        if (problem) ctx.addIssue({ code: "custom", message: problem });
      }),
    confirm: z.string().max(1000),
  })
  .refine((v) => v.password === v.confirm, { message: INVITE_MESSAGES.mismatch, path: ["confirm"] });
