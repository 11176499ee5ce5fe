import { expect, test } from "./support/test";
import { signIn, uniqueEmail } from "./support/fixtures";

test("a newcomer signs in by an emailed link and chooses a display name", async ({ page }) => {
  const email = uniqueEmail("newcomer");
  const name = `New${Date.now().toString(36).slice(-6)}`;
  await signIn(page, email, name);
  await page.goto("/settings");
  await expect(page.getByLabel("Display name")).toHaveValue(name);
});
