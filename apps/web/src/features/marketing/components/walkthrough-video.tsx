import { BRAND } from '@licensewatch/shared/brand';
import { useEffect, useRef, useState } from 'react';

// Deployments put the real file wherever they host media; this default may well not exist, which the
// component handles by showing the poster and a notice rather than a broken player.
const VIDEO_URL = (import.meta.env.VITE_WALKTHROUGH_VIDEO_URL ?? '/media/walkthrough.mp4').trim();
const POSTER_URL = '/walkthrough-poster.svg';

export const VIDEO_UNAVAILABLE = 'The walkthrough video is not available right now.';

// IntersectionObserver reports sub-pixel ratios such as 0.9996 for an element that is visibly whole.
const FULLY_VISIBLE = 0.99;

/**
 * The features walkthrough: muted autoplay only once the player can play and is entirely on screen,
 * paused again when it scrolls out of view, and never automatic for visitors who ask for reduced motion.
 */
export function WalkthroughVideo() {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(VIDEO_URL === '');
  const [ready, setReady] = useState(false);
  const [fullyVisible, setFullyVisible] = useState(false);
  const [inView, setInView] = useState(false);
  // Once the visitor pauses, seeks or plays by hand, the player is theirs until it leaves the view.
  const autoplayDone = useRef(false);

  useEffect(() => {
    const video = videoRef.current;
    if (!video || failed) return;
    // The events may have fired before React attached its listeners (cached file, fast network).
    if (video.readyState >= HTMLMediaElement.HAVE_FUTURE_DATA) setReady(true);
    if (video.error) setFailed(true);

    const observer = new IntersectionObserver(
      ([entry]) => {
        if (!entry) return;
        setFullyVisible(entry.intersectionRatio >= FULLY_VISIBLE);
        if (entry.isIntersecting) setInView(true);
        else {
          video.pause();
          autoplayDone.current = false;
        }
      },
      { threshold: [0, 1] },
    );
    observer.observe(video);
    return () => observer.disconnect();
  }, [failed]);

  useEffect(() => {
    const video = videoRef.current;
    if (!video || failed || !ready || !fullyVisible || autoplayDone.current) return;
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    autoplayDone.current = true;
    // Muted playback is allowed without a gesture; a refusal (power saving, policy) leaves the controls.
    video.play().catch(() => {});
  }, [failed, ready, fullyVisible]);

  if (failed) {
    return (
      <figure className="relative overflow-hidden rounded-2xl bg-slate-900 shadow-lg">
        <img src={POSTER_URL} alt="" width={1280} height={720} className="aspect-video w-full opacity-30 grayscale" />
        <figcaption className="absolute inset-0 flex items-center justify-center p-6">
          <p role="status" className="max-w-md rounded-xl bg-white px-5 py-4 text-center text-sm text-slate-800 shadow">
            <span className="block font-semibold text-slate-900">{VIDEO_UNAVAILABLE}</span>
            The steps below show how {BRAND.name} works in the meantime.
          </p>
        </figcaption>
      </figure>
    );
  }

  return (
    <figure className="overflow-hidden rounded-2xl bg-slate-900 shadow-lg">
      {/* No captions track: the walkthrough is silent, and the steps below carry its content as text. */}
      <video
        ref={videoRef}
        src={VIDEO_URL}
        poster={POSTER_URL}
        controls
        muted
        playsInline
        // Metadata only until the player comes into view (enough to learn whether the file exists), then
        // buffering, so that it can become ready to play: with metadata alone `canplay` may never fire.
        preload={inView ? 'auto' : 'metadata'}
        width={1280}
        height={720}
        aria-label={`${BRAND.name} product walkthrough`}
        className="aspect-video w-full"
        onCanPlay={() => setReady(true)}
        onError={() => setFailed(true)}
        onPlay={() => {
          autoplayDone.current = true;
        }}
      />
    </figure>
  );
}
