/// <reference types="vite/client" />

// Build-time settings read by the SPA (Vite inlines them; set them in the environment of `npm run build`).
interface ImportMetaEnv {
  /**
   * The features page walkthrough video hosted elsewhere; unset plays the committed /media files,
   * empty hides the player and shows the poster with a notice.
   */
  readonly VITE_WALKTHROUGH_VIDEO_URL?: string;
}

/** The day of the build, YYYY-MM-DD (vite.config.ts). */
declare const __BUILD_DAY__: string;

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
