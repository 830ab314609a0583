// The Mantine CSS the catalogue screens' server-rendered markup needs (category, search and
// product pages: cards, badges, filters, the quantity and PIN inputs), beyond the entry's
// (app/critical-styles.ts). Linked in the page's head with the screen's own CSS; the whole of
// Mantine's CSS (lib/full-styles.ts, 250 KB) is not: a stylesheet that large in the head held
// the first paint back by one or two seconds in Lighthouse's Chromium (docs/storefront.md,
// "Performance choices"). Same `@layer mantine` rules as the full file: loading both is harmless.
import '@mantine/core/styles/AspectRatio.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Grid.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/NumberInput.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Title.layer.css';
import '@mantine/core/styles/VisuallyHidden.layer.css';
