# mltco-cli evaluate and calc, run as real processes (QProcess) against the built binary.
mltco_add_test(tst_cli_evaluate SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_cli_evaluate.cpp LIBS mltco_models LABELS cli tco)
mltco_add_test(tst_cli_calc SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_cli_evaluate_calc.cpp LIBS mltco_models LABELS cli tco)
foreach(test tst_cli_evaluate tst_cli_calc)
    add_dependencies(${test} mltco-cli)
    target_compile_definitions(${test} PRIVATE MLTCO_SOURCE_DIR="${PROJECT_SOURCE_DIR}") # the sample plan
endforeach()
