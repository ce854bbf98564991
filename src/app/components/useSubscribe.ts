import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useDataProvider } from 'react-admin';
import { realtime, type RealtimeListener } from '../providers/realtime';

/**
 * Listens to a topic of the change stream through the dataProvider (ra-realtime's
 * subscribe/unsubscribe) while the component is shown; no topic, no subscription. The callback
 * may change between renders: the latest one is called.
 */
export function useSubscribe(topic: string | null | undefined, callback: RealtimeListener) {
  const dataProvider = useDataProvider();
  const latest = useRef(callback);
  useEffect(() => {
    latest.current = callback;
  });
  useEffect(() => {
    if (!topic) return;
    const listener: RealtimeListener = (event) => latest.current(event);
    void dataProvider.subscribe(topic, listener);
    return () => void dataProvider.unsubscribe(topic, listener);
  }, [dataProvider, topic]);
}

/** The change stream's state: 'down' while it is cut off and being reopened. */
export const useRealtimeStatus = () => useSyncExternalStore(realtime.onStatus, realtime.status);
