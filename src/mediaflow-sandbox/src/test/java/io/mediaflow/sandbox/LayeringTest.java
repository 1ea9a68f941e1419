package io.mediaflow.sandbox;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * The sandbox stands for an independent service: it reads the documents itself and imports nothing
 * of the plugin, so that the plugin's reading of them cannot leak into the service it is tested
 * against (docs/architecture.md, "Layering"). A new dependency on the plugin fails the build.
 */
@AnalyzeClasses(
    packages = "io.mediaflow.sandbox",
    importOptions = ImportOption.DoNotIncludeTests.class)
class LayeringTest {

  @ArchTest
  static final ArchRule importsNothingOfThePlugin =
      noClasses()
          .that()
          .resideInAPackage("io.mediaflow.sandbox..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage(
              "io.mediaflow.api..",
              "io.mediaflow.transcoding..",
              "io.mediaflow.live..",
              "io.mediaflow.delivery..",
              "io.mediaflow.worker..",
              "io.mediaflow.callback..");
}
