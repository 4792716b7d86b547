"""Many boards at once: scored in threads by the compiled core (:mod:`~boggle.scale.threads`),
or farmed out to a Dask cluster (:mod:`~boggle.scale.cluster` says where work runs,
:mod:`~boggle.scale.worker_plugin` carries a word list to each worker,
:mod:`~boggle.scale.scoring` streams chunks of boards wherever the caller says). Dask is
imported only when a cluster is asked for.
"""
