/**
 * What the app reads once at start and shows anywhere: the rules on offer (`list_presets`) and the
 * store's warnings (`store_warnings`, read again after a match moves: when the disk refuses, play
 * goes on in memory and the "not saving" banner appears). One instance (`appData`).
 */
import type { PresetInfo } from './bindings/PresetInfo';
import type { StoreWarning } from './bindings/StoreWarning';
import { errorMessage, shell } from './shell';

class AppData {
  presets: PresetInfo[] = $state([]);
  warnings: StoreWarning[] = $state([]);
  /** What could not be read at start, worded. */
  error: string | null = $state(null);

  async load(): Promise<void> {
    try {
      this.warnings = await shell().storeWarnings();
      this.presets = await shell().listPresets();
    } catch (e) {
      this.error = errorMessage(e);
    }
  }

  async refreshWarnings(): Promise<void> {
    try {
      this.warnings = await shell().storeWarnings();
    } catch {
      // The warnings already shown stay.
    }
  }
}

export const appData = new AppData();
