#!/usr/bin/env node
// Placeholder for the end-to-end runner (phase 2): it will start tauri-driver
// (which starts WebKitWebDriver) under `dbus-run-session -- xvfb-run -a`, open
// the real app binary via WebDriver and play whole matches, taking Xvfb
// screenshots of the table at desktop and phone sizes. See docs/ui.md.
console.log('e2e: not implemented yet (phase 2) - nothing to run');
