import type { HostProps } from '@ops/shared';
import { useTexts } from '@ops/ui';
import { LiveCanvas } from '../actions/canvas';
import { VideoView } from '../actions/video';
import { NS } from '../texts';
import type { PageMedia } from './page-media';
import './texts';

/** The AI page's side view: the canvas or video its query names (spec §2), titled by the query's name. */
export function PageSide({
  media,
  host,
}: {
  media: PageMedia;
  host: Pick<HostProps, 'http' | 'signal' | 'config'>;
}) {
  const { t } = useTexts(NS);
  const title = media.name || t('page.media');
  return (
    <section className="ops-assistant-side" aria-label={title}>
      <h2 className="ops-assistant-side__title">
        {title}
        {media.kind !== 'invalid' && media.stationName && (
          <span className="ops-assistant-side__station">{media.stationName}</span>
        )}
      </h2>
      {media.kind === 'canvas' && <LiveCanvas canvasId={media.canvasId} host={host} name={title} />}
      {media.kind === 'video' && (
        <VideoView name={title} url={media.url} origins={host.config.mediaOrigins} />
      )}
      {media.kind === 'invalid' && (
        <p className="ops-assistant__error" role="alert">
          {t('page.badMedia')}
        </p>
      )}
    </section>
  );
}
