import toolz.parallel
result_0 = toolz_parallel.fold_all(total)
result_1 = toolz_parallel.fold_all(total)
result_2 = toolz_parallel.fold_all(total)
# totally fine
