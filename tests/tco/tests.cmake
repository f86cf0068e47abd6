# The engine's room: these link mltco_tco (Qt6::Core) alone, so they run without QtSql or a document.
foreach(test engine enginev3 enginev4 breakeven calculators)
    mltco_add_test(tst_tco_${test} SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_${test}.cpp LIBS mltco_tco LABELS tco)
endforeach()
# Version-2 engine cases written as plan files.
mltco_add_test(tst_tco_enginev2 SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_enginev2.cpp LIBS mltco_plan LABELS tco)

# Reserved terms and layered mixes (model.md §11.2, §11.3), as engine calls and as plan files.
mltco_add_test(tst_tco_layers SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_layers.cpp LIBS mltco_plan mltco_report LABELS tco)

# Financing a purchase (model.md §12): loans, leases, tax, the plan keys and the return on owning.
mltco_add_test(tst_tco_financing SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_financing.cpp LIBS mltco_plan mltco_report LABELS tco)
