import { useEffect, useState } from 'react';
import { useAppDispatch } from '@/app/hooks';
import { fetchSubmissionFile } from '../upload-request';

type CoverImageProps = { url: string | null; alt: string; className?: string };

/** Where a submission's own uploads are served: only with the access token, which an `<img>` cannot send. */
const isPrivate = (url: string) => url.startsWith('/api/submissions/');

/**
 * A proposal's cover: the published product's public image, or the uploaded cover fetched with the token;
 * a drawn placeholder when there is none or it cannot be read.
 */
export function CoverImage({ url, alt, className = '' }: CoverImageProps) {
  const dispatch = useAppDispatch();
  const [loaded, setLoaded] = useState<{ url: string; src: string } | null>(null);
  const [brokenUrl, setBrokenUrl] = useState<string | null>(null);

  useEffect(() => {
    if (!url || !isPrivate(url)) return undefined;
    let objectUrl: string | null = null;
    let live = true;
    void fetchSubmissionFile(url, dispatch).then((blob) => {
      if (!live) return;
      if (!blob) return setBrokenUrl(url);
      objectUrl = URL.createObjectURL(blob);
      setLoaded({ url, src: objectUrl });
    });
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url, dispatch]);

  const source = !url ? null : !isPrivate(url) ? url : loaded?.url === url ? loaded.src : null;
  if (!url || brokenUrl === url)
    return (
      <span className={`author-cover author-cover--none ${className}`} role="img" aria-label={alt}>
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          width="32"
          height="32"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
        >
          <path d="M6 3h9l4 4v14H6z" />
          <path d="M15 3v4h4M9 12h7M9 16h7" />
        </svg>
      </span>
    );
  return source ? (
    <img className={`author-cover ${className}`} src={source} alt={alt} onError={() => setBrokenUrl(url)} />
  ) : (
    <span className={`author-cover author-cover--loading ${className}`} role="img" aria-label={alt} />
  );
}
