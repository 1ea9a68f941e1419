package io.mediaflow.worker.internal;

import java.util.List;

/** A bean that declares how some operations are carried out, typically all of one API's. */
public interface OperationHandlers {

  /** Declaring them calls nothing: the handlers' calls run only when a job comes. */
  List<OperationHandler<?>> handlers();
}
