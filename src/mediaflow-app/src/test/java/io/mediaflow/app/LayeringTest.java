package io.mediaflow.app;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import io.camunda.zeebe.logstreams.log.LogStreamWriter;
import io.mediaflow.app.engine.gateway.CommandLog;

/**
 * The embedded default's layers (docs/architecture.md, "Layering"): the browser console talks to
 * the rest only over the REST API; the REST layer ({@code rest}) over the gateway ({@code
 * engine.gateway}) and the history ({@code engine.history}), directly or through the batch
 * operations ({@code batch}), over the engine's core ({@code engine}), with no arrow back up. A new
 * dependency against these arrows fails the build.
 */
@AnalyzeClasses(packages = "io.mediaflow.app", importOptions = ImportOption.DoNotIncludeTests.class)
class LayeringTest {

  private static final String REST = "io.mediaflow.app.rest..";
  private static final String BATCH = "io.mediaflow.app.batch..";
  private static final String GATEWAY = "io.mediaflow.app.engine.gateway..";
  private static final String ENGINE = "io.mediaflow.app.engine..";
  private static final String ENGINE_CORE = "io.mediaflow.app.engine";
  private static final String HISTORY = "io.mediaflow.app.engine.history..";
  private static final String DEPLOYER = "io.mediaflow.app.deployer..";
  private static final String RECOVERY = "io.mediaflow.app.engine.recovery..";

  @ArchTest
  static final ArchRule consoleOnlyOverRest =
      noClasses()
          .that()
          .resideInAPackage("io.mediaflow.app.console..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage(ENGINE, REST);

  /**
   * Every command reaches the engine's log through the gateway, with its one request-id answer and
   * one refusal type: nothing else writes to the log.
   */
  @ArchTest
  static final ArchRule onlyTheGatewayWritesCommandsToTheLog =
      noClasses()
          .that()
          .resideOutsideOfPackage(GATEWAY)
          .should()
          .dependOnClassesThat()
          .areAssignableTo(LogStreamWriter.class)
          .orShould()
          .dependOnClassesThat()
          .areAssignableTo(CommandLog.class);

  @ArchTest
  static final ArchRule engineAndGatewayKnowNoRest =
      noClasses()
          .that()
          .resideInAPackage(ENGINE)
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage(REST, BATCH);

  /**
   * The batch operations sit between the REST layer and the engine: they send through the gateway
   * and read the history, and know nothing of the REST API that creates them.
   */
  @ArchTest
  static final ArchRule batchOperationsKnowNoRest =
      noClasses()
          .that()
          .resideInAPackage(BATCH)
          .should()
          .dependOnClassesThat()
          .resideInAPackage(REST);

  /**
   * The engine's parts below the gateway do not call it: the engine is opened with the gateway as
   * an interface of its own ({@code engine.Gateway}), which the gateway implements.
   */
  @ArchTest
  static final ArchRule engineKnowsNoGateway =
      noClasses()
          .that()
          .resideInAPackage(ENGINE)
          .and()
          .resideOutsideOfPackage(GATEWAY)
          .should()
          .dependOnClassesThat()
          .resideInAPackage(GATEWAY);

  /**
   * The engine's core (its durable log and record feed, over its clock, {@code engine.clock}) knows
   * none of the parts built on it: the history that reads its log, the gateway that writes it, the
   * models' deployment and the backoff recovery. They depend on it, never it on them.
   */
  @ArchTest
  static final ArchRule engineCoreKnowsNoHistory =
      noClasses()
          .that()
          .resideInAPackage(ENGINE_CORE)
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage(HISTORY, GATEWAY, DEPLOYER, RECOVERY);

  /** No two packages of the app depend on each other: every arrow of the structure points down. */
  @ArchTest
  static final ArchRule packagesFreeOfCycles =
      slices().matching("io.mediaflow.app.(**)").should().beFreeOfCycles();
}
