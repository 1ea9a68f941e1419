package io.mediaflow.app.engine.history;

import io.mediaflow.app.engine.DurableEngine;
import io.mediaflow.app.engine.EngineProperties;
import io.mediaflow.app.engine.EngineRecordFeed;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The REST API's history over the durable engine's log: kept beside the log, fed from the log after
 * what it kept, and bounding what of the log may be deleted.
 */
@Configuration(proxyBeanMethods = false)
class HistoryConfiguration {

  /**
   * The REST API's history, kept beside the log so that the log can be deleted below a snapshot.
   */
  @Bean
  HistoryStore historyStore(EngineProperties properties) {
    return new HistoryStore(properties.dataDirectory().resolve("history"));
  }

  /** The log after what the kept history already holds. */
  @Bean
  EngineRecordFeed.RecordSource engineRecords(DurableEngine engine, HistoryStore history) {
    // The history's file is read while the application starts: the log is read from where it ends.
    return EngineRecordFeed.RecordSource.openedAtFirstRead(
        () -> engine.recordsAfter(history.position()));
  }

  /** No log segment is deleted before the history has kept what it read from it. */
  @Bean
  SmartInitializingSingleton historyBoundsLogDeletion(
      DurableEngine engine, ProcessHistory history) {
    return () -> engine.keepLogFrom(history::keep);
  }
}
