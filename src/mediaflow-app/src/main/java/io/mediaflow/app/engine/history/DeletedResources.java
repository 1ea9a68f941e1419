package io.mediaflow.app.engine.history;

import io.camunda.zeebe.protocol.record.Record;
import io.camunda.zeebe.protocol.record.RecordType;
import io.camunda.zeebe.protocol.record.ValueType;
import io.camunda.zeebe.protocol.record.intent.FormIntent;
import io.camunda.zeebe.protocol.record.intent.ProcessIntent;
import io.camunda.zeebe.protocol.record.value.deployment.Form;
import io.camunda.zeebe.protocol.record.value.deployment.Process;
import io.mediaflow.app.engine.EngineRecordFeed;
import java.util.HashSet;
import java.util.Set;
import org.springframework.stereotype.Component;

/**
 * The process definitions and forms the engine deleted ({@code PROCESS DELETED}, {@code FORM
 * DELETED}), which {@link ProcessHistory} still lists: it keeps every definition it read, deleted
 * or not. Read since the application started (the history's store does not record deletions), so a
 * resource deleted before a restart shows again after it; once the process history drops deleted
 * definitions itself, this goes.
 */
@Component
public class DeletedResources implements EngineRecordFeed.Subscriber {

  private final EngineRecordFeed feed;
  private final Set<Long> deleted = new HashSet<>();

  DeletedResources(EngineRecordFeed feed) {
    this.feed = feed;
    feed.subscribe(this);
  }

  public boolean deleted(long key) {
    feed.catchUp();
    synchronized (this) {
      return deleted.contains(key);
    }
  }

  @Override
  public synchronized void accept(Record<?> record) {
    if (record.getRecordType() != RecordType.EVENT) {
      return;
    }
    if (record.getValueType() == ValueType.PROCESS && record.getIntent() == ProcessIntent.DELETED) {
      deleted.add(((Process) record.getValue()).getProcessDefinitionKey());
    } else if (record.getValueType() == ValueType.FORM
        && record.getIntent() == FormIntent.DELETED) {
      deleted.add(((Form) record.getValue()).getFormKey());
    }
  }
}
