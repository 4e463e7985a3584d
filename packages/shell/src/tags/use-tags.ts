import { FLAG, hasFlag, KEYS, type SystemType, setFlag } from '@ops/shared';
import { useEffect, useMemo, useState } from 'react';
import { useShellText } from '../shared/i18n';
import type { ShellServices } from '../shared/services';
import type { TagConfig } from './rules';
import { createTagStore, type TagStore } from './store';
import { tagLabelOf } from './tag-bar';
import { TAG_TEXTS } from './texts';

export interface TagsInput {
  /** The page shown now: path and query. */
  url: string;
  pathname: string;
  /** The user's home. */
  home: string;
  system: SystemType;
  /** The page's menu item, once the menu has settled (null: not in the menu); undefined while it loads. */
  page: { name: string; i18n?: string | null } | null | undefined;
}

/**
 * The page tags of this tab (spec §4 Tags, DECISIONS 16): one store, kept through a reload. Each page
 * visited gets its tag, named by its menu item once the menu is there, or by the title its sub-app gives
 * it (`page:title`, before or after the tag exists); a fresh sign-in starts at the home tag, once. The
 * tags are published on the bus for parcels and sub-apps.
 */
export function useTags(services: ShellServices, input: TagsInput): TagStore {
  const { url, pathname, home, system, page } = input;
  const homeLabel = useShellText(TAG_TEXTS).t('home');
  const { bus, config, storage } = services;
  const tagConfig = useMemo<TagConfig>(
    () => ({ home: { path: home, label: homeLabel }, systemType: system, lockPage: config.lockPage }),
    [home, homeLabel, system, config.lockPage],
  );
  const [tags] = useState(() =>
    createTagStore({
      config: tagConfig,
      storage: { get: () => storage.get(KEYS.tagList), set: (value) => storage.set(KEYS.tagList, value) },
    }),
  );
  useEffect(() => tags.setConfig(tagConfig), [tags, tagConfig]);
  useEffect(() => {
    if (!hasFlag(config, FLAG.onceLogin)) return;
    setFlag(config, FLAG.onceLogin, false);
    tags.reset();
  }, [tags, config]);

  const [pageTitles] = useState(() => new Map<string, string>());
  const settled = page !== undefined;
  const label = page ? page.name : url === home ? homeLabel : pathname;
  const i18n = page?.i18n;
  useEffect(() => {
    if (!settled) return;
    tags.visit({ path: url, label, meta: i18n ? { i18n } : undefined });
    const title = pageTitles.get(url);
    if (title) tags.rename(url, title);
  }, [tags, url, settled, label, i18n, pageTitles]);
  useEffect(() => {
    const sub = bus.on('page:title').subscribe(({ path, title }) => {
      pageTitles.set(path, title);
      tags.rename(path, title);
    });
    return () => sub.unsubscribe();
  }, [tags, bus, pageTitles]);

  useEffect(() => {
    const publish = () => {
      const state = tags.get();
      bus.publish('tags', {
        tags: state.tags.map((tag) => ({ label: tagLabelOf(tag), value: tag.value })),
        active: state.active,
      });
    };
    publish();
    const stop = tags.subscribe(publish);
    return () => {
      stop();
      bus.publish('tags', null);
    };
  }, [tags, bus]);
  return tags;
}
