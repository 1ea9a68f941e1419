package io.mediaflow.app.batch;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * A batch operation as Camunda 8.8 has it: one command of its {@link Type} for each of its items,
 * sent one after the other. Its items are fixed when it is created; what changes is its state and
 * each item's, recorded as they change ({@link BatchStore}).
 *
 * @param plan what each item's command needs beyond the item (a migration's target and mappings, a
 *     modification's moves); empty for a cancellation and an incident resolution
 */
public record BatchOperation(
    long key,
    Type type,
    State state,
    Instant startDate,
    Instant endDate,
    Plan plan,
    List<Item> items) {

  /** Camunda's {@code BatchOperationTypeEnum}, of the operations on process instances. */
  public enum Type {
    CANCEL_PROCESS_INSTANCE,
    RESOLVE_INCIDENT,
    MIGRATE_PROCESS_INSTANCE,
    MODIFY_PROCESS_INSTANCE
  }

  /** Camunda's {@code BatchOperationStateEnum}. */
  public enum State {
    CREATED,
    ACTIVE,
    SUSPENDED,
    COMPLETED,
    PARTIALLY_COMPLETED,
    CANCELED,
    FAILED
  }

  /** Camunda's item states: {@code ACTIVE} until its command is answered or the batch canceled. */
  public enum ItemState {
    ACTIVE,
    COMPLETED,
    SKIPPED,
    CANCELED,
    FAILED
  }

  /** An element of the source mapped to one of the target: a migration's or a move's. */
  public record ElementMapping(String sourceElementId, String targetElementId) {}

  /**
   * @param targetProcessDefinitionKey a migration's target; 0 for other types
   * @param mappings a migration's mapping instructions, or a modification's moves
   */
  public record Plan(long targetProcessDefinitionKey, List<ElementMapping> mappings) {
    public static final Plan NONE = new Plan(0, List.of());
  }

  /**
   * One item: the instance (or, for an incident resolution, the incident) a command is sent for.
   *
   * @param sent recorded before its command is sent, so that after a restart an item whose answer
   *     was not recorded is checked before it is sent again, never sent twice unknowingly
   */
  public record Item(
      long itemKey,
      long processInstanceKey,
      ItemState state,
      boolean sent,
      Instant processedDate,
      String errorMessage) {

    static Item of(long itemKey, long processInstanceKey) {
      return new Item(itemKey, processInstanceKey, ItemState.ACTIVE, false, null, null);
    }

    Item sending() {
      return new Item(itemKey, processInstanceKey, state, true, processedDate, errorMessage);
    }

    Item ended(ItemState end, Instant at, String error) {
      return new Item(itemKey, processInstanceKey, end, sent, at, error);
    }

    boolean open() {
      return state == ItemState.ACTIVE;
    }
  }

  /** Whether it still has items to send or answers to record. */
  boolean running() {
    return state == State.CREATED || state == State.ACTIVE;
  }

  boolean ended() {
    return endDate != null;
  }

  /** The first item whose command is still to be sent or answered. */
  Optional<Item> nextItem() {
    return items.stream().filter(Item::open).findFirst();
  }

  BatchOperation with(State newState) {
    return new BatchOperation(key, type, newState, startDate, endDate, plan, items);
  }

  BatchOperation with(Item changed) {
    return new BatchOperation(
        key,
        type,
        state,
        startDate,
        endDate,
        plan,
        items.stream().map(item -> item.itemKey() == changed.itemKey() ? changed : item).toList());
  }

  /**
   * Canceled: the items not sent yet are canceled; one whose command is on its way keeps the answer
   * it gets.
   */
  BatchOperation canceled(Instant at) {
    return new BatchOperation(
        key,
        type,
        State.CANCELED,
        startDate,
        at,
        plan,
        items.stream()
            .map(
                item ->
                    item.open() && !item.sent() ? item.ended(ItemState.CANCELED, at, null) : item)
            .toList());
  }

  /** Ended with every item answered: completed, its failed items counted among them. */
  BatchOperation finished(Instant at) {
    return new BatchOperation(key, type, State.COMPLETED, startDate, at, plan, items);
  }

  public long count(ItemState itemState) {
    return items.stream().filter(item -> item.state() == itemState).count();
  }
}
