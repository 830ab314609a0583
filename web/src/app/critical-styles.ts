// The Mantine CSS the first paint needs (the shop layout, the home hero, the route loader),
// per component and inside `@layer mantine`. It is the only render-blocking stylesheet; the
// whole of Mantine's CSS (lib/full-styles.ts) arrives with the first lazy chunk. The layer
// keeps the order of the two files from mattering: the app's own (unlayered) CSS modules
// always win over Mantine's layered rules.
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Container.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/core/styles/Center.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/ActionIcon.layer.css';
import './focus.css';
