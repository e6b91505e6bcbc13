import { expectAccessible } from './accessibility';
import { SCREEN_GROUPS, signIn, walk } from './every-screen';
import { expectItalianText, test } from './fixtures';

// Every screen (e2e/every-screen.ts) against WCAG 2.1 A and AA with axe-core: contrast, names, roles, labels,
// in the light and the dark theme, at a phone's (390 px) and a desktop's (1366 px) width. Each screen also reads
// as Italian: no English label, no API value, no raw slug (core/language-check.ts).

// The groups are independent (each signs in its own user): the two workers share them instead of one walking all.
test.describe.configure({ mode: 'parallel' });

for (const group of SCREEN_GROUPS) {
  test(`accessible: ${group.title}`, async ({ page }) => {
    test.setTimeout(300_000);
    await signIn(page, group);
    await walk(page, group, async (s, size) => {
      const where = `${group.title}: ${s.name} at ${size.width} px`;
      await expectItalianText(page, where);
      await expectAccessible(page, where);
    });
  });
}
