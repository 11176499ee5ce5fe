import { expect, test } from "./support/test";
import { signIn, uniqueEmail } from "./support/fixtures";

test("notifications and the vacation switch are saved in settings", async ({ page }) => {
  await signIn(page, uniqueEmail("traveller"), `Trav${Date.now().toString(36).slice(-6)}`);
  await page.goto("/settings");
  await page.getByLabel(/daily email/i).check();
  await page.getByRole("button", { name: /save/i }).click();
  await expect(page.getByRole("status")).toHaveText("Saved.");
  await page.reload();
  await expect(page.getByLabel(/daily email/i)).toBeChecked();

  await page.getByRole("button", { name: "Start vacation" }).click();
  await expect(page.getByText("You are on vacation")).toBeVisible();
  await page.getByRole("button", { name: "End vacation" }).click();
  await expect(page.getByRole("button", { name: "Start vacation" })).toBeVisible();
  await expect(page.getByText(/of your 30 vacation days are left/)).toBeVisible();
});

test("a name changed in settings shows in the header at once, without a reload", async ({ page }) => {
  const before = `Old${Date.now().toString(36).slice(-6)}`;
  const after = `New${Date.now().toString(36).slice(-6)}`;
  await signIn(page, uniqueEmail("renamer"), before);
  await page.goto("/settings");
  const account = page.getByRole("navigation", { name: "Account" });
  await expect(account.getByRole("link", { name: before })).toBeVisible();
  await page.getByLabel(/display name/i).fill(after);
  await page.getByRole("button", { name: /save/i }).click();
  await expect(page.getByRole("status")).toHaveText("Saved.");
  await expect(account.getByRole("link", { name: after })).toHaveAttribute("href", `/players/${after}`);
  await expect(account.getByRole("link", { name: before })).toHaveCount(0);
});
