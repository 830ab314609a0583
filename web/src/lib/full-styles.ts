// All of Mantine's CSS (layered: see app/critical-styles.ts). Loaded by lazyPage() together
// with every lazily loaded screen, so no screen renders before the styles of its components.
import '@mantine/core/styles.layer.css';
