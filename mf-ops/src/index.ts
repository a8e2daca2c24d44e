// Async boundary so Module Federation negotiates shared singletons before the app code runs.
// This entry is only the stand-alone harness; the shell loads the exposed modules instead.
import('./bootstrap.tsx');
