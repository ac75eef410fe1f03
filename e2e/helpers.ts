import { expect, type Page } from "@playwright/test";

export const DEMO_PASSWORD = "demo-password-e2e";
export const ADMIN = { email: "admin@demo.tripjudge", password: "admin-password-e2e" };
export const EXPERT = { email: "amelie@demo.tripjudge", password: DEMO_PASSWORD };

export async function signIn(page: Page, email: string, password: string) {
  await page.goto("/signin");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

export async function signOut(page: Page) {
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/signin/);
}

export async function shot(page: Page, name: string) {
  await page.screenshot({ path: `screenshots/${name}.png`, fullPage: true });
}
