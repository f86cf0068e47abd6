// The source of the targets that hold the tests' shared precompiled headers (mltco_test_pch, cmake/MltcoHelpers.cmake).
