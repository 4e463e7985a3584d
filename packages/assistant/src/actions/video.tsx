import { useTexts } from '@ops/ui';
import { useState } from 'react';
import { NS } from '../texts';
import { blockTitle, readVideo } from './media-model';
import { MediaBlock, mediaAllowed, useMediaStyles } from './media-parts';
import type { ActionBlockProps } from './types';

export interface VideoViewProps {
  /** Names the player. */
  name: string;
  url: string;
  poster?: string;
  /** The site's media allowlist (`config.mediaOrigins`); the page's own origin is always allowed. */
  origins: readonly string[];
}

/**
 * A video player named by the video's name. An address off the allowlist is never requested: the view
 * says it was blocked instead; a video that cannot be played says so too.
 */
export function VideoView({ name, url, poster, origins }: VideoViewProps) {
  useMediaStyles();
  const { t } = useTexts(NS);
  const [failedUrl, setFailedUrl] = useState('');
  if (!mediaAllowed(url, origins)) {
    return (
      <p className="ops-media__error" role="alert">
        {t('videoBlocked')}
      </p>
    );
  }
  return (
    <>
      {/* biome-ignore lint/a11y/useMediaCaption: operators' station videos carry no speech to caption */}
      <video
        key={url}
        className="ops-media__video"
        controls
        preload="metadata"
        src={url}
        poster={poster && mediaAllowed(poster, origins) ? poster : undefined}
        aria-label={name || t('videoTitle')}
        onError={() => setFailedUrl(url)}
      />
      {failedUrl === url && (
        <p className="ops-media__error" role="alert">
          {t('videoFailed')}
        </p>
      )}
    </>
  );
}

/** open_video: the video `data` `{ name, url, poster? }` in a player. */
export function VideoBlock({ item, ctx }: ActionBlockProps) {
  const { t } = useTexts(NS);
  const video = readVideo(item.data);
  const name = video?.name || '';
  return (
    <MediaBlock title={blockTitle(item, name || t('videoTitle'))} kind="video">
      {video ? (
        <VideoView name={name} url={video.url} poster={video.poster} origins={ctx.host.config.mediaOrigins} />
      ) : (
        <p className="ops-media__error" role="alert">
          {t('videoFailed')}
        </p>
      )}
    </MediaBlock>
  );
}
